export { BlastEngine } from './engine';
