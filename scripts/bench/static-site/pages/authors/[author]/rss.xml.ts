export { GET } from '../../../../../../site/pages/authors/[author]/rss.xml.ts';
export { authorFeedPaths as getStaticPaths } from '../../../static-paths.ts';
