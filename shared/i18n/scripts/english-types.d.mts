export const generatedFile: string;
export function englishTypes(localesDir?: string): string;
