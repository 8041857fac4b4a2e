// Package redistest runs a real redis-server for tests and benchmarks.
//
// Start launches /usr/bin/redis-server (or the first redis-server on PATH) on a
// free loopback port, or on a unix socket (Unix), with persistence off unless
// an append-only file is asked for (AOF), and stops it when the test ends. It
// can also run a one-node Cluster (Cluster) or a master watched by a Sentinel
// (Sentinel); Server.URL is then in the redis+cluster:// or redis+sentinel://
// form that state/redisstore reads from REDIS_URL. When the REDIS_URL environment variable is set, Start
// uses that server instead and starts nothing; Kill, Stop and Restart then skip
// the calling test, since an external server is not the test's to stop. A test
// that must control its server (fault tests) calls StartLocal, which ignores
// REDIS_URL.
//
// A missing redis-server fails the test with a message saying how to install
// it: in CI these tests run, they do not skip.
package redistest
