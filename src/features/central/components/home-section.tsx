// Scaffold (issue 38, part "worklist"): replaced by the worklist home.
export function HomeSection() {
  return (
    <section className="page" aria-labelledby="central-home-title">
      <h1 id="central-home-title">Início</h1>
    </section>
  );
}
