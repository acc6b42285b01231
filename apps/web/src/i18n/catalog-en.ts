export { EN_CATALOG as catalog } from '@blaster/contract';
