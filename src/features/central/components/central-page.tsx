// The Central console (/central/...): its four sections under one page (one chunk, one HTML) (main thread).
import { Redirect, useLocation } from "wouter";
import type { CentralRole } from "../../../../contract/central-session";
import { CENTRAL_PATHS } from "../../../config/paths";
import { ApprovalsSection } from "./approvals-section";
import { AuditSection } from "./audit-section";
import { HomeSection } from "./home-section";
import { StaffSection } from "./staff-section";
import { PaymentsSection } from "./payments-section";
import { PointsSection } from "./points-section";

/** `role`: the signed-in central user's Papel (the server refuses what it does not allow; the sections hide it). */
export default function CentralPage({ role }: { role: CentralRole }) {
  const [location] = useLocation();
  if (location.startsWith(CENTRAL_PATHS.payments)) return <PaymentsSection role={role} />;
  if (location.startsWith(CENTRAL_PATHS.points)) return <PointsSection />;
  if (location.startsWith(CENTRAL_PATHS.audit)) return <AuditSection />;
  if (location.startsWith(CENTRAL_PATHS.approvals)) return <ApprovalsSection role={role} />;
  if (location.startsWith(CENTRAL_PATHS.staff)) return <StaffSection />;
  if (location.startsWith(CENTRAL_PATHS.home)) return <HomeSection />;
  return <Redirect to={CENTRAL_PATHS.home} replace />;
}
