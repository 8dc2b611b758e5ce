/** The admin's own pages, as the lists and editors link to one another. */

/** A city's editor; without an id, the editor of a new city. */
export const cityEditorUrl = (id?: number | string) => (id === undefined ? '/admin/city' : `/admin/city?id=${id}`);

/** A post's editor. */
export const postEditorUrl = (id: number) => `/admin/editor?id=${id}`;

/** The post editor set to write a new guide for a city. */
export const newGuideUrl = (cityId: number) => `/admin/editor?type=guide&cityId=${cityId}`;
