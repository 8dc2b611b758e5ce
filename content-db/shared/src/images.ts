/**
 * Every image the site serves from /images/ or /uploads/ is stored as <name>.jpg plus
 * <name>-<width>.webp at each of these widths: the generated illustrations, each upload the API
 * processes, and the srcset every page writes all use this one list.
 */
export const IMAGE_VARIANT_WIDTHS = [640, 1024, 1600] as const;
