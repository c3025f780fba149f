/** Renders a YYYY-MM-DD day as the screens write dates (day first). */
export const formatDay = (day: string) => day.split('-').reverse().join('/');
