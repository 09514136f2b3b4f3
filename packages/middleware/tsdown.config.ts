export { default } from '../../tsdown.config.base.ts';
