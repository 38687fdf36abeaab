// What other features use of provider management: its screen (admin router) and the provider
// list (coverage layers belong to a provider).
export { ProvidersPage } from './ProvidersPage.js';
export { useProviders } from './providerQueries.js';
