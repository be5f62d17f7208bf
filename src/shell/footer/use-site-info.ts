import { useEffect, useState } from 'react';
import { loadSiteInfo, type SiteInfo } from '../../services/site-api';

/**
 * The site's profile and legal data, null until they arrive (or when the call fails); asked for
 * once `wanted` (the footer asks when it nears the screen).
 */
export function useSiteInfo(wanted = true): SiteInfo | null {
  const [info, setInfo] = useState<SiteInfo | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void loadSiteInfo().then((i) => {
      if (live) setInfo(i);
    });
    return () => {
      live = false;
    };
  }, [wanted]);
  return info;
}
