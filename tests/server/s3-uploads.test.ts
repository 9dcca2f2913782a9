// Uploads with the files in an S3-compatible bucket (a real OpenStack Swift with s3api, scripts/test-s3.sh): the whole-file
// route and tus both end in the bucket, downloads stream from it with Range after the owner check, a refused upload leaves
// no object (node, server project; skipped without TEST_S3_ENDPOINT).
import { randomUUID } from "node:crypto";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtures, makeTestApp, multipart, resumableUpload, SAMPLE, upload, type Fixtures, type TestApp } from "./helpers";
import { S3Storage } from "../../server/storage/s3-storage";
import { testS3Settings } from "./s3-env";

const settings = testS3Settings(`uploads-${randomUUID().slice(0, 8)}`);

describe.skipIf(!settings)("uploads into an S3 bucket", () => {
  let t: TestApp;
  let f: Fixtures;
  const objects = async () => {
    const client = new S3Client({
      endpoint: settings!.endpoint,
      region: settings!.region,
      forcePathStyle: true,
      credentials: { accessKeyId: settings!.accessKeyId!, secretAccessKey: settings!.secretAccessKey! },
    });
    const list = await client.send(new ListObjectsV2Command({ Bucket: settings!.bucket, Prefix: "files/" }));
    return (list.Contents ?? []).map((o) => o.Key!).sort();
  };
  beforeAll(async () => {
    const storage = new S3Storage(settings!);
    await storage.ensureBucket();
    t = await makeTestApp(
      "pglite",
      { loginRateLimit: { max: 1000, windowMs: 60_000 }, uploadLimits: { image: 4096, video: 400_000, document: 4096 } },
      { storage },
    );
    f = await fixtures(t);
  });
  afterAll(() => t?.close());

  it("stores a whole-file upload in the bucket and serves it to its point only, with Range", async () => {
    const res = await upload(t, f.token1, "foto.png", SAMPLE.png);
    expect(res.statusCode).toBe(200);
    const { file } = res.json();
    expect(await objects()).toContain(`files/${file}`);
    const whole = await t.app.inject({ method: "GET", url: `/api/uploads/files/${file}`, headers: { authToken: f.token1 } });
    expect([whole.statusCode, whole.headers["content-type"]]).toEqual([200, "image/png"]);
    expect(whole.rawPayload.equals(SAMPLE.png)).toBe(true);
    const part = await t.app.inject({
      method: "GET",
      url: `/api/uploads/files/${file}`,
      headers: { authToken: f.token1, range: "bytes=8-15" },
    });
    expect([part.statusCode, part.headers["content-range"]]).toEqual([206, `bytes 8-15/${SAMPLE.png.length}`]);
    expect(part.rawPayload.equals(SAMPLE.png.subarray(8, 16))).toBe(true);
    expect((await t.app.inject({ method: "GET", url: `/api/uploads/files/${file}`, headers: { authToken: f.token2 } })).statusCode).toBe(
      404,
    );
  });

  it("leaves no object for an upload refused part-way (over the limit)", async () => {
    const before = await objects();
    const big = Buffer.concat([SAMPLE.png, Buffer.alloc(10_000, 1)]);
    const { payload, headers } = multipart("grande.png", big);
    const res = await t.app.inject({ method: "POST", url: "/api/uploads/upload", headers: { ...headers, authToken: f.token1 }, payload });
    expect(res.statusCode).toBe(413);
    expect(await objects()).toEqual(before);
  });

  it("finishes a tus upload in the bucket (moved server-side under its stored name)", async () => {
    const video = Buffer.concat([SAMPLE.mp4, Buffer.alloc(300_000, 4)]);
    const id = await resumableUpload(t, f.token1, video, "video.mp4");
    const done = await t.app.inject({ method: "GET", url: `/api/uploads/tus/${id}`, headers: { authToken: f.token1 } });
    expect(done.statusCode).toBe(200);
    const { file } = done.json();
    expect(await objects()).toContain(`files/${file}`);
    const back = await t.app.inject({ method: "GET", url: `/api/uploads/files/${file}`, headers: { authToken: f.token1 } });
    expect(back.rawPayload.equals(video)).toBe(true);
  });
});
