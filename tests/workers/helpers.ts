// Shared helpers of the browser-mode tests: a signed-in API session on the test server.
import { inject } from "vitest";

export const api = inject("apiUrl");

/** Signs in as the demo user and returns the token and a concluded appointment of the demo point. */
export async function demoSession(): Promise<{ token: string; appointment: string }> {
  const login = await fetch(`${api}/credenciado/login`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "demo@credenciado.com.br", password: "demo1234" }),
  });
  const token = (await login.json()).token as string;
  const user = (await (await fetch(`${api}/credenciado/get`, { headers: { authToken: token } })).json()).data;
  const list = (await (await fetch(`${api}/agendamentos/lista/${user.IdPontoAtendimento}`, { headers: { authToken: token } })).json()).data;
  const appointment = list.find((r: { StatusAgendamento: string }) => r.StatusAgendamento === "C").IdSocioVeiculoAgenda as string;
  return { token, appointment };
}
