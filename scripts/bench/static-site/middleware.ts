// The product's middleware, so the static build's pages get the same locals and the same HTML.
export { onRequest } from '../../../site/middleware.ts';
