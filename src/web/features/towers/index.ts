// What other features use of tower management: its screen (admin router) and the tower list
// (the Line of Sight screen picks towers from it).
export { TowersPage } from './TowersPage.js';
export { useTowers } from './towerQueries.js';
