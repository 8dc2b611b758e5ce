export { GET } from '../../../../../site/pages/itineraries/[file].ts';
export { itineraryPaths as getStaticPaths } from '../../static-paths.ts';
