export { GET } from '../../../../../site/pages/sitemaps/[file].ts';
export { sitemapPaths as getStaticPaths } from '../../static-paths.ts';
