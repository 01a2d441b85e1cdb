// @ts-check
/**
 * A StrykerJS ignorer (stryker.config.mjs): the text of a log line is not mutated. Its message is
 * prose for a reader (what happened and what follows); queries and alarms use the line's fields,
 * which stay mutated, as does every condition that picks a level or a message. Ignored: a string
 * or template literal that is the message of `logger.<level>(message, fields)` /
 * `logger[level](message, fields)`, or of the claim session's one failed-store-call path
 * `#failed(call, error, keys, level, message, fields)`, also when it is one branch of `a ? 'x' : 'y'`;
 * and the `consequence` the claim session hands to that path (`#extend(records, consequence)`,
 * `#release(keys, consequence)`, `const consequence = '...'`).
 */
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

const LEVELS = new Set(['debug', 'info', 'warn', 'error']);

/** The callee names a logger method: `logger.warn`, `x.logger.warn`, `logger[level]`. */
function isLoggerCall(callee) {
  if (callee.type !== 'MemberExpression') return false;
  const object = callee.object;
  const isLogger =
    (object.type === 'Identifier' && object.name === 'logger') ||
    (object.type === 'MemberExpression' &&
      !object.computed &&
      object.property.type === 'Identifier' &&
      object.property.name === 'logger');
  if (!isLogger) return false;
  return callee.computed || (callee.property.type === 'Identifier' && LEVELS.has(callee.property.name));
}

/** The callee is `this.#<name>` for a private method whose argument `index` is a log line's message. */
const MESSAGE_ARGUMENT = { failed: 4, extend: 1, release: 1 };
function isPrivateMessage(callee, index) {
  return (
    callee.type === 'MemberExpression' &&
    callee.property.type === 'PrivateName' &&
    MESSAGE_ARGUMENT[callee.property.id.name] === index
  );
}

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'log-text', {
    shouldIgnore(path) {
      if (!path.isStringLiteral() && !path.isTemplateLiteral()) return undefined;
      let arg = path;
      while (arg.parentPath?.isConditionalExpression() && arg.key !== 'test') arg = arg.parentPath;
      const parent = arg.parentPath;
      const why = 'log text: prose for a reader; the line’s fields and the conditions around it stay mutated';
      if (
        parent?.isVariableDeclarator() &&
        parent.node.id.type === 'Identifier' &&
        parent.node.id.name === 'consequence'
      )
        return why;
      if (!parent?.isCallExpression() || arg.listKey !== 'arguments') return undefined;
      const callee = parent.node.callee;
      if ((arg.key === 0 && isLoggerCall(callee)) || isPrivateMessage(callee, arg.key)) return why;
      return undefined;
    },
  }),
];
