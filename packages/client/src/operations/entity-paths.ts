/** Where an entity's xlsx import and export live below its path: entityOperations declares them, the client's export URL reads them. */
export const importPath = (entityPath: string): string => `${entityPath}/import`;
export const exportPath = (entityPath: string): string => `${entityPath}/export`;
