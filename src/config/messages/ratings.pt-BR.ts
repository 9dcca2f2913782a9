// Avaliações' strings (features/avaliacoes): loaded with that screen, not with the entry (main thread).
import { MSG } from "../messages.pt-BR";

export const RATINGS_MSG = {
  ratings: {
    title: "Avaliações dos Clientes",
    loading: "Carregando avaliações...",
    empty: "Nenhuma avaliação encontrada",
    loadFailed: MSG.screens.ratingsLoadFailed,
    retry: "Tentar novamente",
    averageTitle: "Média das avaliações",
    starsOf: (value: string) => `${value} de 5 estrelas`,
    total: (n: number) => (n === 1 ? "1 avaliação" : `${n.toLocaleString("pt-BR")} avaliações`),
    distributionTitle: "Distribuição das notas",
    starLabel: (n: number) => (n === 1 ? "1 estrela" : `${n} estrelas`),
    countShare: (count: number, share: string) => `${count} (${share})`,
    filter: "Filtrar por nota",
    all: "Todas",
    showing: (shown: number, total: number) => `Mostrando ${shown} de ${total} ${total === 1 ? "avaliação" : "avaliações"}`,
    listTitle: "Avaliações recebidas",
    cols: { customer: "Cliente", vehicle: "Veículo e placa", os: "OS", date: "Data", time: "Hora", score: "Nota", comment: "Comentário" },
    score: (n: number) => `${n}/5`,
    noComment: "Sem comentário",
  },
};
