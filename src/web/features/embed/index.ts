// The /embed page, for the app's router. What host pages need to embed it lives in features/embedding.
export { EmbedMapPage } from './EmbedMapPage.js';
