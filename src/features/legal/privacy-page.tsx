// Política de Privacidade (LGPD, Lei 13.709/2018) for the staff of accredited service points (main thread).
export default function PrivacyPage() {
  return (
    <article className="page legal">
      <h1 className="page-title">Política de Privacidade</h1>
      <p className="muted">Última atualização: novembro de 2026.</p>
      <p>
        Esta política explica como o Portal do Credenciado trata os dados pessoais usados pelos colaboradores dos pontos de atendimento
        credenciados ao programa de benefícios automotivos, em conformidade com a Lei Geral de Proteção de Dados Pessoais (LGPD, Lei nº
        13.709/2018).
      </p>
      <h2>1. Quem trata os dados</h2>
      <p>
        A administradora do programa é a controladora dos dados dos sócios e dos veículos. O ponto de atendimento credenciado atua como
        operador ao executar os serviços e só pode usar esses dados para agendar, executar e comprovar os atendimentos.
      </p>
      <h2>2. Quais dados tratamos</h2>
      <ul>
        <li>Dos colaboradores do ponto: nome, e-mail, telefone, cargo e registros de acesso (data, hora e endereço IP).</li>
        <li>Dos sócios: nome, CPF, telefone, placa e dados do veículo, agendamentos, avaliações e retornos de serviço.</li>
        <li>Evidências dos serviços: vídeos, fotos, laudos, recibos e anotações enviados durante a ordem de serviço.</li>
        <li>Do ponto de atendimento: dados cadastrais, horários de funcionamento e dados bancários ou chave PIX para repasses.</li>
      </ul>
      <h2>3. Para que usamos</h2>
      <ul>
        <li>Executar o contrato de credenciamento: agenda, ordens de serviço, garantias, limites anuais e repasses (art. 7º, V).</li>
        <li>Cumprir obrigações legais e fiscais, como a guarda de recibos e comprovantes (art. 7º, II).</li>
        <li>Prevenir fraudes e proteger o sócio, por exemplo com vídeos inicial e final do veículo (art. 7º, IX).</li>
      </ul>
      <p>Não vendemos dados pessoais e não os usamos para publicidade.</p>
      <h2>4. Compartilhamento</h2>
      <p>
        Os dados são compartilhados apenas entre a administradora do programa e o ponto responsável pelo atendimento. Cada ponto vê somente
        os agendamentos, arquivos e dados financeiros que lhe pertencem. Convites enviados pelo scanner de placas usam apenas o telefone
        informado pelo próprio colaborador, com o consentimento do titular.
      </p>
      <h2>5. Segurança</h2>
      <p>
        As senhas são guardadas com hash criptográfico (Argon2id), as sessões expiram e podem ser encerradas pelo botão Sair, e os arquivos
        enviados só podem ser abertos por usuários autenticados do ponto dono do atendimento. No aparelho, o portal guarda o token de acesso
        e os dados do usuário até o encerramento da sessão, e pode guardar temporariamente vídeos e fotos ainda não enviados para que
        nenhuma evidência se perca sem conexão.
      </p>
      <h2>6. Por quanto tempo guardamos</h2>
      <p>
        Guardamos os dados enquanto durar o credenciamento e, depois disso, pelo prazo exigido pela legislação fiscal e de defesa do
        consumidor, ou para o exercício regular de direitos em processos.
      </p>
      <h2>7. Direitos do titular</h2>
      <p>
        O titular pode pedir confirmação do tratamento, acesso, correção, anonimização, portabilidade, eliminação dos dados tratados com
        consentimento, informação sobre compartilhamentos e revisão de decisões automatizadas (art. 18 da LGPD). Os pedidos devem ser
        enviados ao encarregado de proteção de dados da administradora pelos canais oficiais do programa e serão respondidos em até 15 dias.
      </p>
      <h2>8. Alterações</h2>
      <p>Esta política pode ser atualizada; a data no topo indica a versão vigente.</p>
    </article>
  );
}
