// The embeddable widget page (/widget), for the app's router.
export { WidgetPage } from './WidgetPage.js';
