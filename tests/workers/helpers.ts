// Shared helpers of the browser-mode tests: random-pixel PNGs and a signed-in API session on the test server.
import { inject } from "vitest";

export const api = inject("apiUrl");

/** A PNG of random pixels (incompressible, so its size follows its area). */
export async function noisePng(width: number, height: number, name = "foto.png"): Promise<File> {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext("2d")!;
  const img = ctx.createImageData(width, height);
  const view = new Uint32Array(img.data.buffer);
  let x = 2463534242;
  for (let i = 0; i < view.length; i++) {
    x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
    view[i] = (x >>> 0) | 0xff000000;
  }
  ctx.putImageData(img, 0, 0);
  return new File([await canvas.convertToBlob({ type: "image/png" })], name, { type: "image/png" });
}

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
