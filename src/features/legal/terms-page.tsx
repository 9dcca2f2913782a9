// Termos de Uso of the portal for accredited service points (main thread).
export default function TermsPage() {
  return (
    <article className="page legal">
      <h1 className="page-title">Termos de Uso</h1>
      <p className="muted">Última atualização: novembro de 2026.</p>
      <p>
        Ao acessar o Portal do Credenciado, o colaborador do ponto de atendimento credenciado concorda com estes termos. Se não concordar,
        não utilize o portal.
      </p>
      <h2>1. Acesso</h2>
      <ul>
        <li>O acesso é pessoal e intransferível. Cada colaborador deve usar o próprio e-mail e senha e não deve compartilhá-los.</li>
        <li>O ponto de atendimento responde pelas ações realizadas com os acessos de seus colaboradores.</li>
        <li>Suspeitas de uso indevido devem ser comunicadas imediatamente à administradora do programa.</li>
      </ul>
      <h2>2. Uso permitido</h2>
      <ul>
        <li>Registrar apenas informações verdadeiras sobre agendamentos, serviços executados, peças e valores.</li>
        <li>Enviar vídeos e fotos que retratem de fato o veículo atendido, sem editar ou reaproveitar evidências.</li>
        <li>Usar os dados dos sócios somente para o atendimento, respeitando a Lei Geral de Proteção de Dados (LGPD).</li>
        <li>Enviar convites pelo scanner apenas a proprietários que autorizaram o contato.</li>
      </ul>
      <h2>3. Ordens de serviço e repasses</h2>
      <p>
        Serviços vinculados a uma ordem de serviço podem depender de aprovação da administradora. Os repasses exibidos no Espelho Financeiro
        seguem o contrato de credenciamento e são pagos na conta bancária ou chave PIX marcada como selecionada. Garantias e limites anuais
        de serviços são verificados pelo sistema e não podem ser contornados.
      </p>
      <h2>4. Disponibilidade</h2>
      <p>
        O portal funciona em celulares e computadores e tolera conexões instáveis, mas pode passar por manutenções. Arquivos ainda não
        enviados ficam guardados no aparelho até que a conexão volte.
      </p>
      <h2>5. Suspensão</h2>
      <p>
        O acesso pode ser suspenso em caso de descumprimento destes termos, de fraude ou de encerramento do credenciamento, sem prejuízo das
        medidas legais cabíveis.
      </p>
      <h2>6. Privacidade</h2>
      <p>O tratamento de dados pessoais segue a Política de Privacidade do portal.</p>
      <h2>7. Foro</h2>
      <p>Estes termos seguem a legislação brasileira. Fica eleito o foro do domicílio do ponto de atendimento credenciado.</p>
    </article>
  );
}
