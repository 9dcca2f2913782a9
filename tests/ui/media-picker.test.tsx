// Capture in real Chromium with its fake camera: photo as JPEG, recording as WebM/VP9, chosen files, camera errors, low storage.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { userEvent } from "vitest/browser";
import { act } from "./act";
import { createRoot, type Root } from "react-dom/client";
import { ALL_FORMATS, BlobSource, Input } from "mediabunny";
import { MediaPicker } from "../../src/components/media/media-picker";
import { useLocalMedia } from "../../src/components/media/use-local-media";
import { openCamera, stopStream } from "../../src/lib/capture/camera";
import type { LocalMedia, MediaKind } from "../../src/lib/capture/local-media";
import { CAMERA_PREFERENCE } from "../../src/domain/capture";

let root: Root | undefined;
let host: HTMLElement;
let latest: LocalMedia[] = [];

function Harness({ kinds, single }: { kinds: MediaKind[]; single?: boolean }) {
  const { items, setItems } = useLocalMedia();
  latest = items;
  return <MediaPicker kinds={kinds} items={items} single={single} onChange={setItems} />;
}

async function mount(kinds: MediaKind[], single = false) {
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(<Harness kinds={kinds} single={single} />));
}
const button = (name: string) => {
  const found = [...document.querySelectorAll("button, label")].find((b) => b.textContent?.trim().endsWith(name));
  if (!found) throw new Error(`no button ${name}`);
  return found as HTMLElement;
};
const click = async (name: string) => {
  await vi.waitFor(() => button(name), { timeout: 10_000 });
  await userEvent.click(button(name));
};
const alertText = () => document.querySelector("[role=alert]")?.textContent ?? null;

const realGetUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
const realEstimate = navigator.storage.estimate.bind(navigator.storage);
beforeEach(() => {
  latest = [];
});
afterEach(async () => {
  await act(async () => root?.unmount());
  host?.remove();
  navigator.mediaDevices.getUserMedia = realGetUserMedia;
  navigator.storage.estimate = realEstimate;
});

describe("camera access", () => {
  it("asks for the rear camera at 1280x720, then the rear camera, then any camera, and opens the camera that exists", async () => {
    const asked: MediaStreamConstraints[] = [];
    const media = { getUserMedia: (c?: MediaStreamConstraints) => (asked.push(c!), realGetUserMedia(c)) };
    const stream = await openCamera(false, media);
    expect(stream.getVideoTracks()).toHaveLength(1);
    stopStream(stream);
    // The fake camera has no facing mode, so the exact rear-camera requests are refused and the last one succeeds.
    expect(asked.map((c) => c.video)).toEqual([CAMERA_PREFERENCE[0], CAMERA_PREFERENCE[1], true]);
  });

  it("explains a refused permission, offers a retry, and works after the retry", async () => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException("denied", "NotAllowedError"));
    await mount(["photo"]);
    await click("Tirar foto");
    await vi.waitFor(() => expect(alertText()).toBe("Erro ao acessar a câmera. Verifique as permissões."));
    expect(document.querySelector("dialog h2")?.textContent).toBe("Problema com a Câmera");
    navigator.mediaDevices.getUserMedia = realGetUserMedia;
    await click("Tentar novamente");
    await vi.waitFor(() => button("Capturar"), { timeout: 10_000 });
  });

  it("records without sound when only the microphone is refused", async () => {
    const asked: MediaStreamConstraints[] = [];
    const media = {
      getUserMedia: (c?: MediaStreamConstraints) => {
        asked.push(c!);
        return c!.audio ? Promise.reject(new DOMException("mic denied", "NotAllowedError")) : realGetUserMedia(c);
      },
    };
    const stream = await openCamera(true, media);
    expect([stream.getVideoTracks().length, stream.getAudioTracks().length]).toEqual([1, 0]);
    stopStream(stream);
    expect(asked.map((c) => c.audio)).toEqual([true, false, false, false]);
  });

  it("says the browser has no camera support when getUserMedia is missing", async () => {
    const media = {} as MediaDevices;
    await expect(openCamera(false, media)).rejects.toThrow("Câmera não suportada pelo navegador");
  });
});

describe("media picker", () => {
  it("takes a photo as a JPEG at the camera's resolution and previews it", async () => {
    await mount(["photo"]);
    await click("Tirar foto");
    await click("Capturar");
    await vi.waitFor(() => expect(latest).toHaveLength(1));
    const [item] = latest;
    expect(item!.type).toBe("image/jpeg");
    expect(item!.name).toMatch(/^foto_\d{14}\.jpg$/);
    const bitmap = await createImageBitmap(item!.file);
    expect([bitmap.width, bitmap.height]).toEqual([640, 480]);
    expect(host.querySelector(`img[src="${item!.url}"]`)).not.toBeNull();
    expect(document.querySelector("dialog")).toBeNull();
  });

  it("records a WebM/VP9 video with the elapsed time shown and previews it", async () => {
    await mount(["video"]);
    await click("Gravar vídeo");
    await click("Gravar");
    await vi.waitFor(() => expect(document.querySelector(".recording-badge")?.textContent).toBe("Gravando 0:01"), { timeout: 5_000 });
    await new Promise((r) => setTimeout(r, 600));
    await click("Parar");
    await vi.waitFor(() => expect(latest).toHaveLength(1), { timeout: 10_000 });
    const file = latest[0]!.file;
    expect(file.type).toBe("video/webm");
    const input = new Input({ source: new BlobSource(file), formats: ALL_FORMATS });
    const track = (await input.getPrimaryVideoTrack())!;
    expect(track.codec).toBe("vp9");
    expect(await input.computeDuration()).toBeGreaterThan(1);
    expect(host.querySelector(`video[src="${latest[0]!.url}"]`)).not.toBeNull();
  });

  it("refuses to open the camera when the device is nearly out of storage", async () => {
    navigator.storage.estimate = async () => ({ quota: 100 * 1024 * 1024, usage: 40 * 1024 * 1024 });
    await mount(["photo", "video"]);
    await click("Gravar vídeo");
    await vi.waitFor(() => expect(alertText()).toBe("Pouco espaço livre neste aparelho. Libere pelo menos 150 MB e tente novamente."));
    expect(document.querySelector("dialog")).toBeNull();
    // A photo needs far less room, so it is still allowed.
    await click("Tirar foto");
    await vi.waitFor(() => button("Capturar"), { timeout: 10_000 });
  });

  it("adds chosen files of the accepted kinds, refuses other kinds, and removes items freeing their preview", async () => {
    await mount(["photo"]);
    const input = host.querySelector("input[type=file]") as HTMLInputElement;
    expect(input.accept).toBe("image/*");
    const png = new File([new Uint8Array([137, 80, 78, 71])], "placa.png", { type: "image/png" });
    await userEvent.upload(input, [png]);
    await vi.waitFor(() => expect(latest.map((i) => i.name)).toEqual(["placa.png"]));
    const url = latest[0]!.url;
    await userEvent.upload(input, [new File(["%PDF-1.4"], "nota.pdf", { type: "application/pdf" })]);
    await vi.waitFor(() => expect(alertText()).toBe("nota.pdf: tipo de arquivo não aceito aqui."));
    expect(latest).toHaveLength(1);
    await userEvent.click(host.querySelector("[aria-label='Remover placa.png']")!);
    await vi.waitFor(() => expect(latest).toHaveLength(0));
    expect(host.querySelector(`img[src="${url}"]`)).toBeNull();
    await expect(fetch(url)).rejects.toThrow();
  });

  it("answers a non-video file in a video-only picker with the spec's message", async () => {
    await mount(["video"], true);
    const input = host.querySelector("input[type=file]") as HTMLInputElement;
    await userEvent.upload(input, [new File(["%PDF-1.4"], "nota.pdf", { type: "application/pdf" })]);
    await vi.waitFor(() => expect(alertText()).toBe("Por favor, selecione um arquivo de vídeo válido."));
    expect(latest).toHaveLength(0);
  });

  it("keeps only the newest item in single mode", async () => {
    await mount(["photo"], true);
    const input = host.querySelector("input[type=file]") as HTMLInputElement;
    expect(input.multiple).toBe(false);
    await userEvent.upload(input, [new File(["a"], "a.jpg", { type: "image/jpeg" })]);
    await userEvent.upload(input, [new File(["b"], "b.jpg", { type: "image/jpeg" })]);
    await vi.waitFor(() => expect(latest.map((i) => i.name)).toEqual(["b.jpg"]));
  });
});
