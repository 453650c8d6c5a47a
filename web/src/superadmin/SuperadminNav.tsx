import { Trans, useLingui } from "@lingui/react/macro";
import { NavLink } from "react-router-dom";

/** The super-admin area's own sections. */
export function SuperadminNav() {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Super admin sections`} className="superadmin-nav">
      <NavLink to="/superadmin" end>
        <Trans>Organisations</Trans>
      </NavLink>
      <NavLink to="/superadmin/reports">
        <Trans>Reports</Trans>
      </NavLink>
      <NavLink to="/superadmin/sms-reports">
        <Trans>SMS reports</Trans>
      </NavLink>
    </nav>
  );
}
