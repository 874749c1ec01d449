import { useCallback } from 'react';
import { useNavigate } from './hashRouter.tsx';
import { Paths } from '../paths.ts';

/**
 * Back navigation (spec §2): with a fixed target go there; on the first page of the stack (the router's
 * history index 0, or no history) go home; otherwise step back.
 */
export function useGoBack(backTo?: string): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (backTo) {
      navigate(backTo, { replace: true });
      return;
    }
    const index = (window.history.state as { idx?: number } | null)?.idx;
    if (!index || window.history.length <= 1) navigate(Paths.home, { replace: true });
    else navigate(-1);
  }, [backTo, navigate]);
}
