// The file storage in an S3-compatible object store (AWS S3, OpenStack Swift's s3api, Ceph, MinIO...) through the AWS SDK;
// resumable uploads go to the same bucket through @tus/s3-store (server only).
import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import {
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteObjectsCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { S3Store } from "@tus/s3-store";
import type { KvStore } from "@tus/utils";
import type { S3Settings, ServerConfig } from "../config.ts";
import { checkedName, DiskStorage, RESUMABLE_EXPIRY_MS, type FileStorage } from "./storage.ts";

/** Parts of 8 MiB, two in flight: an upload holds at most ~16 MiB in memory whatever the file's size. */
const PART_SIZE = 8 * 1024 * 1024;
const FILES = "files/";

/**
 * No cache of upload records in this process: another instance may have moved the upload on since (nothing shared lives in
 * process memory), so every request reads the record from the bucket. @tus/s3-store caches in memory by default.
 */
class NoCache<T> implements KvStore<T> {
  async get() {
    return undefined;
  }
  async set() {}
  async delete() {}
}

/**
 * Content-MD5 on DeleteObjects: S3 made it optional in 2025 and the SDK stopped sending it, but servers that follow the
 * older S3 rule (Swift's s3api, older Ceph) refuse the call without it.
 */
function sendContentMd5(client: S3Client) {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const request = args.request as { headers?: Record<string, string>; body?: unknown };
      if (
        context.commandName === "DeleteObjectsCommand" &&
        request.headers &&
        (typeof request.body === "string" || request.body instanceof Uint8Array)
      ) {
        request.headers["content-md5"] = createHash("md5").update(request.body).digest("base64");
      }
      return next(args);
    },
    { step: "build", name: "portalContentMd5" },
  );
}

/** @tus/s3-store with the same Content-MD5 rule on its own client. */
class ResumableS3Store extends S3Store {
  constructor(options: ConstructorParameters<typeof S3Store>[0]) {
    super(options);
    sendContentMd5(this.client);
  }
}

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NotFound" || e?.name === "NoSuchKey" || e?.$metadata?.httpStatusCode === 404;
};

export class S3Storage implements FileStorage {
  private readonly client: S3Client;
  private readonly clientConfig: S3ClientConfig;
  private tus: ResumableS3Store | undefined;
  constructor(private readonly settings: S3Settings) {
    this.clientConfig = {
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // Checksums only where S3 requires them: the SDK's default CRC32 trailers are not understood by every S3-compatible
      // server (Swift's s3api among them).
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 3,
    };
    this.client = new S3Client(this.clientConfig);
    sendContentMd5(this.client);
  }
  private key(name: string) {
    return FILES + checkedName(name);
  }
  /** Creates the bucket when it does not exist yet (a first start); an existing one is left as it is. */
  async ensureBucket() {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
    } catch (err) {
      if (!notFound(err)) throw err;
      try {
        await this.client.send(new CreateBucketCommand({ Bucket: this.settings.bucket }));
      } catch (created) {
        // Another instance starting at the same moment created it first: that is the bucket wanted.
        const name = (created as { name?: string }).name;
        if (name !== "BucketAlreadyOwnedByYou") throw created;
      }
    }
  }
  async ready() {
    await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
  }
  async write(name: string, body: Readable) {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key: this.key(name), Body: body },
      partSize: PART_SIZE,
      queueSize: 2,
      // A failed or refused upload leaves no parts behind (they would be billed and never seen).
      leavePartsOnError: false,
    });
    // The body may fail before the SDK reads it (a refused upload): stop the transfer instead of waiting for more bytes.
    const onError = () => void upload.abort().catch(() => {});
    body.once("error", onError);
    try {
      await upload.done();
    } catch (err) {
      await this.remove(name).catch(() => {});
      throw err;
    } finally {
      body.off("error", onError);
    }
  }
  async size(name: string) {
    let key: string;
    try {
      key = this.key(name);
    } catch {
      return null;
    }
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return head.ContentLength ?? null;
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }
  async read(name: string, range?: { start: number; end: number }) {
    const answer = await this.client.send(
      new GetObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.key(name),
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    return answer.Body as Readable;
  }
  async remove(name: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(name) }));
  }
  resumableStore() {
    return (this.tus ??= this.tusStore(0));
  }
  private tusStore(expirationPeriodInMilliseconds: number) {
    return new ResumableS3Store({
      partSize: PART_SIZE,
      cache: new NoCache(),
      expirationPeriodInMilliseconds,
      // Expiry told by the multipart upload's start date, not by object tags: S3-compatible servers (Swift) lack tagging.
      useTags: false,
      s3ClientConfig: { ...this.clientConfig, bucket: this.settings.bucket },
    });
  }
  sweepExpiredUploads() {
    return this.tusStore(RESUMABLE_EXPIRY_MS).deleteExpired();
  }
  async readResumableHead(uploadId: string, bytes: number) {
    const answer = await this.client.send(
      new GetObjectCommand({ Bucket: this.settings.bucket, Key: checkedName(uploadId), Range: `bytes=0-${bytes - 1}` }),
    );
    return Buffer.from(await answer.Body!.transformToByteArray());
  }
  async adoptResumable(uploadId: string, name: string) {
    const id = checkedName(uploadId);
    const bucket = this.settings.bucket;
    // A server-side copy: the bytes stay in the store (S3 copies objects up to 5 GiB in one call).
    await this.client.send(new CopyObjectCommand({ Bucket: bucket, Key: this.key(name), CopySource: `${bucket}/${id}` }));
    await this.client.send(
      new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: [{ Key: id }, { Key: `${id}.info` }], Quiet: true } }),
    );
  }
}

/** The storage the configuration asks for: the S3 bucket when one is set (created on a first start), disk otherwise. */
export async function openStorage(config: ServerConfig): Promise<FileStorage> {
  if (!config.s3) return new DiskStorage(config.uploadDir);
  const storage = new S3Storage(config.s3);
  await storage.ensureBucket();
  return storage;
}
