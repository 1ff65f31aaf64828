import { createContext, useContext, type ReactNode } from 'react';

const IconBaseUrlContext = createContext('');

/** The server's icon base URL (from /api/clan), for every GameIcon below. */
export function IconBaseUrlProvider({ baseUrl, children }: { baseUrl: string; children: ReactNode }) {
  return <IconBaseUrlContext.Provider value={baseUrl}>{children}</IconBaseUrlContext.Provider>;
}

export function useIconBaseUrl(): string {
  return useContext(IconBaseUrlContext);
}
