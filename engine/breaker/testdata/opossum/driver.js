'use strict';
// Drives the real opossum for engine/breaker's TestOpossumDifferential.
//
// stdin: one JSON object a line, a script:
//   {"opts": {...opossum options...}, "ops": [op, ...]}
// where an op is
//   ["fire"]              fire the breaker; answers 1 if the action ran, 0 if refused
//   ["finish", id, ok]    settle call id (numbered from 0 in the order calls ran)
//                         as a success (ok 1) or a failure (ok 0); answers ""
//                         ("no such call" when fewer calls ran)
//   ["sleep", ms]         move the fake clock on by ms, running the timers due; answers ""
//   ["state"]             answers "STATE FIRES FAILURES" from breaker.stats
// stdout: one JSON array a script, one answer an op.
//
// Time is @sinonjs/fake-timers' clock, installed at 0 before the breaker is
// built, so opossum's Date.now, setTimeout and setInterval (its bucket
// rotation, reset timer and call timeout) all run on it. The action returns
// a thenable whose callbacks the script calls, so a call settles
// synchronously and no microtask has to be awaited.
const FakeTimers = require('@sinonjs/fake-timers');
const CircuitBreaker = require('opossum');

function run (script) {
  const clock = FakeTimers.install({ now: 0, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  const calls = [];
  try {
    const action = () => {
      const call = {};
      calls.push(call);
      return {
        then (onOk) {
          call.ok = onOk;
          return { catch (onErr) { call.err = onErr; } };
        }
      };
    };
    const breaker = new CircuitBreaker(action, script.opts);
    const out = [];
    for (const op of script.ops) {
      switch (op[0]) {
        case 'fire': {
          const before = calls.length;
          breaker.fire().catch(() => {});
          out.push(calls.length > before ? '1' : '0');
          break;
        }
        case 'finish': {
          const call = calls[op[1]];
          if (!call) {
            out.push('no such call'); // the two sides disagreed earlier
          } else {
            if (op[2]) call.ok('ok');
            else call.err(new Error('failed'));
            out.push('');
          }
          break;
        }
        case 'sleep':
          clock.tick(op[1]);
          out.push('');
          break;
        case 'state': {
          const state = breaker.opened ? 'open' : breaker.halfOpen ? 'half-open' : 'closed';
          const stats = breaker.stats;
          out.push(`${state} ${stats.fires} ${stats.failures}`);
          break;
        }
        default:
          throw new Error(`unknown op ${op[0]}`);
      }
    }
    breaker.shutdown();
    return out;
  } finally {
    clock.uninstall();
  }
}

let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', chunk => { input += chunk; });
process.stdin.on('end', () => {
  const lines = [];
  for (const line of input.split('\n')) {
    if (line.trim() === '') continue;
    lines.push(JSON.stringify(run(JSON.parse(line))));
  }
  process.stdout.write(lines.join('\n') + '\n');
});
