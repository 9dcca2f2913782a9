// Scaffold (issue 38, part "staff"): replaced by the central staff section.
export function StaffSection() {
  return (
    <section className="page" aria-labelledby="central-staff-title">
      <h1 id="central-staff-title">Equipe da central</h1>
    </section>
  );
}
