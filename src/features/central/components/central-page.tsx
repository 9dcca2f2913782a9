// The Central console (/central/...): its four sections under one page (one chunk, one HTML) (main thread).
import { Redirect, useLocation } from "wouter";
import { CENTRAL_PATHS } from "../../../config/paths";
import { ApprovalsSection } from "./approvals-section";
import { AuditSection } from "./audit-section";
import { HomeSection } from "./home-section";
import { StaffSection } from "./staff-section";
import { PaymentsSection } from "./payments-section";
import { PointsSection } from "./points-section";

export default function CentralPage() {
  const [location] = useLocation();
  if (location.startsWith(CENTRAL_PATHS.payments)) return <PaymentsSection />;
  if (location.startsWith(CENTRAL_PATHS.points)) return <PointsSection />;
  if (location.startsWith(CENTRAL_PATHS.audit)) return <AuditSection />;
  if (location.startsWith(CENTRAL_PATHS.approvals)) return <ApprovalsSection />;
  if (location.startsWith(CENTRAL_PATHS.staff)) return <StaffSection />;
  if (location.startsWith(CENTRAL_PATHS.home)) return <HomeSection />;
  return <Redirect to={CENTRAL_PATHS.home} replace />;
}
