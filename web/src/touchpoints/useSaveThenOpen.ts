import { useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";

/**
 * After a new touchpoint is created, its form is no longer dirty and the browser moves to its edit
 * address. The move waits for the render in which the form is clean, so the unsaved-changes guard
 * does not hold it.
 */
export function useSaveThenOpen(editPath: (legacyId: string) => string) {
  const navigate = useNavigate();
  const [created, setCreated] = useState<{ id: string; open: boolean } | null>(null);
  useEffect(() => {
    if (!created?.open) return;
    // After this render's effects, so the guard already knows the form is clean.
    const timer = setTimeout(() => navigate(editPath(created.id), { replace: true }), 0);
    return () => clearTimeout(timer);
  }, [created, editPath, navigate]);
  return {
    created: created !== null,
    /** open: false when the unsaved-changes dialog saved and proceeds elsewhere itself. */
    markCreated: (id: string, open: boolean) => setCreated({ id, open }),
  };
}
