/** A count with its noun: '1 member', '3 members'. */
export const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
