/**
 * A child process running an S3-compatible server (s3rver) on an ephemeral loopback port, for the
 * bucket tests: `node --openssl-legacy-provider s3-server-process.ts <data folder> <port> <bucket>...`
 * (port 0 picks a free one). It prints `{"port":N}` on its standard output once it listens, and
 * stops on SIGTERM or when its standard input closes. Each bucket gets a website configuration
 * (index.html, 404.html), so a plain GET without S3 headers is answered as a bucket's website
 * endpoint answers: redirect objects with a 301.
 *
 * s3rver lists a bucket past 1,000 keys with a continuation token it encrypts with DES, which
 * Node's OpenSSL 3 offers only with its legacy provider (hence the flag). And it signs a
 * bucket-level request's path without the trailing slash the AWS SDK signs (`/site/`), so it is
 * told not to refuse a signature it computes differently: what is tested is our use of the S3 API,
 * not the SDK's signer.
 */
import S3rver from '@20minutes/s3rver';

const [directory, port = '0', ...buckets] = process.argv.slice(2);
if (!directory) throw new Error('usage: s3-server-process.ts <data folder> <port> <bucket>...');
const website = `<WebsiteConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><IndexDocument><Suffix>index.html</Suffix></IndexDocument><ErrorDocument><Key>404.html</Key></ErrorDocument></WebsiteConfiguration>`;
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(port),
  directory,
  silent: true,
  vhostBuckets: false,
  allowMismatchedSignatures: true,
  configureBuckets: buckets.map((name) => ({ name, configs: [website] })),
});
const address = await server.run();
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
const stop = () => server.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.stdin.on('end', stop);
process.stdin.resume();
