// Preloaded into the redocly CLI by redocly-lint.test.ts: any attempt to reach the network (a DNS lookup, a socket,
// fetch) is written to stderr under a marker the test looks for, so a CLI that starts phoning home fails the test
// instead of slowing it down or leaking usage data. It only reports: the CLI's own behaviour stays unchanged.
const dns = require('node:dns');
const net = require('node:net');

const report = (what) => process.stderr.write(`NETWORK ATTEMPT: ${what}\n`);

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  const target = args[0];
  // Local IPC sockets (a path) are not the network.
  if (!(typeof target === 'object' && target && 'path' in target)) report(`connect ${target?.host ?? target}`);
  return connect.apply(this, args);
};
const lookup = dns.lookup;
dns.lookup = function (host, ...args) {
  report(`lookup ${host}`);
  return lookup.call(this, host, ...args);
};
if (globalThis.fetch) {
  const fetch = globalThis.fetch;
  globalThis.fetch = function (input, ...args) {
    report(`fetch ${input}`);
    return fetch.call(this, input, ...args);
  };
}
