/**
 * The JavaScript a page sandbox runs before any of the page's own: the JSX factories the page's
 * compiled expressions call, `__result`, which turns a value into the one thing that leaves the
 * sandbox, a string ("v" and JSON that wire.ts reads, "u", or "e" and an error), and `__define` for exports.
 * It holds the helpers it needs from the start, so a page that replaces `JSON.stringify` or
 * `Array.isArray` changes only its own values. A page can replace these globals too, and so make any
 * result it likes; that gains it nothing, since it could write that result directly, and the host
 * checks every element and attribute of every result.
 */
export const PRELUDE = String.raw`(() => {
  const G = globalThis;
  const isArray = Array.isArray, keys = Object.keys, freeze = Object.freeze, getPrototypeOf = Object.getPrototypeOf;
  const quote = JSON.stringify, ObjectPrototype = Object.prototype, hasRef = WeakMap.prototype.has, getRef = WeakMap.prototype.get;
  const isElement = WeakSet.prototype.has, addElement = WeakSet.prototype.add, apply = Reflect.apply;
  const refs = new WeakMap(), elements = new WeakSet();
  const FRAGMENT = freeze({}), MAX_DEPTH = 64;
  const isRef = (value) => apply(hasRef, refs, [value]);

  const element = (kind, type, props, children) => {
    const made = freeze({ kind, type, props: props ?? {}, children });
    apply(addElement, elements, [made]);
    return made;
  };
  const describe = (value) => typeof value === 'string' ? 'the string ' + quote(value) : value === null ? 'null' : typeof value === 'object' ? 'an object' : typeof value;

  /** <Name> and <a.b>: a component the host provides, a function of the page, or a fragment. */
  G.__jsx = (type, props, ...children) => {
    if (type === FRAGMENT) return element('fragment', null, null, children);
    if (isRef(type)) return element('component', apply(getRef, refs, [type]), props, children);
    if (typeof type === 'function') return type({ ...props, children: children.length === 0 ? undefined : children.length === 1 ? children[0] : children });
    throw new TypeError('a JSX name is bound to ' + describe(type) + ', not a component');
  };
  /** <div>: the host decides whether the tag is allowed. */
  G.__jsxIntrinsic = (name, props, ...children) => element('intrinsic', name, props, children);
  G.__Fragment = FRAGMENT;
  G.__ref = (id) => { const ref = freeze(Object.create(null)); refs.set(ref, id); return ref; };
  G.__slot = (index) => element('slot', index, null, []);

  /** A thrown value as "name\nmessage", short, whatever the page threw. */
  const describeError = (error) => {
    try {
      const isObject = error !== null && typeof error === 'object';
      const name = isObject && typeof error.name === 'string' ? error.name : 'Error';
      return name.slice(0, 100) + '\n' + String(isObject ? error.message : error).slice(0, 500);
    } catch {
      return 'Error\nan error that cannot be described';
    }
  };
  /** "v" and the result as JSON, "u" for undefined, or "e" and the error: the page's own errors never reach the host as objects. */
  G.__result = (compute, maxLength) => {
    try {
      const value = compute();
      return value === undefined ? 'u' : 'v' + wire(value, maxLength);
    } catch (error) {
      return 'e' + describeError(error);
    }
  };
  /** Binds a name to a value computed by the page (an export); functions are allowed here. */
  G.__define = (name, compute) => {
    try {
      G[name] = compute();
      return 'v';
    } catch (error) {
      return 'e' + describeError(error);
    }
  };

  /** The value as JSON: elements as {"$$el":[kind, type, props, children]}, host components as {"$$ref": id}. */
  const wire = (value, maxLength) => {
    const parts = [];
    let length = 0;
    const seen = [];
    const push = (text) => {
      length += text.length;
      if (length > maxLength) throw new RangeError('RESULT_TOO_LARGE');
      parts.push(text);
    };
    const write = (item, depth) => {
      if (depth > MAX_DEPTH) throw new RangeError('RESULT_TOO_DEEP');
      if (item === null || item === undefined) return push('null');
      switch (typeof item) {
        case 'string': return push(quote(item));
        case 'number': return push(Number.isFinite(item) ? String(item) : 'null');
        case 'boolean': return push(item ? 'true' : 'false');
        case 'bigint': return push(quote(String(item)));
        case 'function': throw new TypeError('FUNCTION');
        case 'symbol': throw new TypeError('SYMBOL');
      }
      if (seen.includes(item)) throw new TypeError('CYCLE');
      seen.push(item);
      if (apply(isElement, elements, [item])) {
        push('{"$$el":[' + quote(item.kind) + ',' + quote(item.type ?? null) + ',');
        write(item.props, depth + 1);
        push(',');
        write(item.children, depth + 1);
        push(']}');
      } else if (isRef(item)) {
        push('{"$$ref":' + quote(apply(getRef, refs, [item])) + '}');
      } else if (isArray(item)) {
        push('[');
        for (let index = 0; index < item.length; index++) {
          if (index > 0) push(',');
          write(item[index], depth + 1);
        }
        push(']');
      } else {
        const prototype = getPrototypeOf(item);
        if (prototype !== ObjectPrototype && prototype !== null) throw new TypeError('NOT_PLAIN');
        push('{');
        let first = true;
        for (const key of keys(item)) {
          if (key === '$$el' || key === '$$ref') throw new TypeError('RESERVED_KEY');
          const field = item[key];
          if (field === undefined) continue;
          push((first ? '' : ',') + quote(key) + ':');
          first = false;
          write(field, depth + 1);
        }
        push('}');
      }
      seen.pop();
    };
    write(value, 0);
    return parts.join('');
  };
})();`;
