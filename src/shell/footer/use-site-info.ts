import { useEffect, useState } from 'react';
import { loadSiteInfo, type SiteInfo } from '../../services/site-api';

/** The site's profile and legal data, null until they arrive (or when the call fails). */
export function useSiteInfo(): SiteInfo | null {
  const [info, setInfo] = useState<SiteInfo | null>(null);
  useEffect(() => {
    let live = true;
    void loadSiteInfo().then((i) => {
      if (live) setInfo(i);
    });
    return () => {
      live = false;
    };
  }, []);
  return info;
}
