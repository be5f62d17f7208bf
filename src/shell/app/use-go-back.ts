import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Back within Trevo: the previous page, or home when this page was the first one opened (a back
 * step would then leave the site, e.g. after following a shared game link).
 */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  const { key } = useLocation();
  return () => {
    if (key === 'default') void navigate('/home', { replace: true });
    else void navigate(-1);
  };
}
