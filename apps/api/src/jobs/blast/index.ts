export { BlastEngine, type BlastEngineOptions, type SettledRound } from './engine';
export { fillTemplate } from './claim';
export type { BlastDataSource } from './source';
