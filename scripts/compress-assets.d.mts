/** Writes .br and .gz copies beside every compressible file under `root`. */
export function compressAssets(root: string): Promise<void>;
