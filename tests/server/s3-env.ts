// The test S3-compatible server's settings (scripts/test-s3.sh prints them), or undefined when none was started (Node).
import type { S3Settings } from "../../server/config.ts";

export function testS3Settings(bucket = "portal-testes"): S3Settings | undefined {
  const endpoint = process.env.TEST_S3_ENDPOINT;
  if (!endpoint) return undefined;
  return {
    endpoint,
    bucket,
    region: "us-east-1",
    accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID,
    secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY,
    forcePathStyle: true,
  };
}
