// Compiles TestUsdt.sol with the solc npm package into TestUsdt.json (abi and bytecode), which the
// chain tests and the demo seed deploy: solc-js takes seconds to load, too slow for every run.
//   node services/src/chain/dev-node/build-test-usdt.mjs           writes TestUsdt.json
//   node services/src/chain/dev-node/build-test-usdt.mjs --check   exits 1 if TestUsdt.json is not
//                                                                  what the source compiles to now
//   ... --check other.json                                         checks another artifact
// The compiler is pinned by the source's pragma and the settings below, so the output is the same
// on every machine; a test runs --check, so the committed artifact never drifts from its source.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import solc from 'solc';

const here = import.meta.dirname;
const SOURCE = 'TestUsdt.sol';
const ARTIFACT = path.join(here, 'TestUsdt.json');
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { '*': { TestUsdt: ['abi', 'evm.bytecode.object'] } },
};

function compile() {
  const input = { language: 'Solidity', sources: { [SOURCE]: { content: readFileSync(path.join(here, SOURCE), 'utf8') } }, settings: SETTINGS };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((problem) => problem.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((problem) => problem.formattedMessage).join('\n'));
  const contract = output.contracts[SOURCE].TestUsdt;
  const artifact = {
    contractName: 'TestUsdt',
    compiler: `solc ${solc.version()}`,
    settings: { optimizer: SETTINGS.optimizer, evmVersion: SETTINGS.evmVersion },
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`,
  };
  return `${JSON.stringify(artifact, null, 2)}\n`;
}

const args = process.argv.slice(2);
if (args[0] === '--check') {
  const target = args[1] ?? ARTIFACT;
  if (readFileSync(target, 'utf8') !== compile()) {
    process.stderr.write(`${target} is not what ${SOURCE} compiles to: run node services/src/chain/dev-node/build-test-usdt.mjs\n`);
    process.exit(1);
  }
  process.stdout.write(`${target} matches ${SOURCE}\n`);
} else {
  writeFileSync(ARTIFACT, compile());
  process.stdout.write(`wrote ${ARTIFACT}\n`);
}
