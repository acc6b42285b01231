export { ID_CATALOG as catalog } from '@blaster/contract';
