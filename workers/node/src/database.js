// The database of seed 001 through Sequelize (v6) and its PostgreSQL driver, pg.
//
// Two models mapped to the tables Bancada creates and seeds (app/bancada/store/pet_person_sql.py):
// `pets` (Pet) and `people` (Person), `underscored: true` (createdAt -> created_at, ...) and
// `paranoid: true` (Sequelize's soft delete: every find adds deleted_at IS NULL). The worker never
// calls sync(): it neither creates nor migrates tables. The pool (Sequelize's, over pg clients) opens
// at most `poolSize` connections; a connection that fails is marked invalid by Sequelize and
// replaced on the next acquire, so the worker recovers by itself when the database is back.
//
// The database is a libpq connection URI (BANCADA_DATABASE_URL), parsed here so that an error can
// name the host, port and database without ever repeating the password.

// Sequelize is imported only when there is a database (openDatabase): a worker without one starts as fast as before.

import { Unavailable } from "./contract.js";

export const NO_DATABASE = "no database: the worker was started without BANCADA_DATABASE_URL";
export const DEFAULT_POOL_SIZE = 10;
export const APPLICATION_NAME = "bancada-worker-node";
const CONNECT_TIMEOUT_MS = 5000; // a database that does not accept a connection: UNAVAILABLE after this long
const QUERY_TIMEOUT_MS = 30_000; // a database that stops answering a query (hung, or its host gone): UNAVAILABLE
const DEFAULT_PORT = 5432;
const SSL_MODES = {
  disable: false,
  allow: false,
  prefer: false,
  require: { rejectUnauthorized: false },
  "verify-ca": { rejectUnauthorized: true },
  "verify-full": { rejectUnauthorized: true },
};
const URI_FORM = "postgresql://user[:password]@host[:port]/dbname";

/** BANCADA_DATABASE_URL is not a libpq URI this worker understands (the message never holds the password). */
export class DatabaseUrlError extends Error {}

/** The database named at start cannot be reached (the message names host, port and database, never the password). */
export class DatabaseStartError extends Error {}

const firstLine = (err) => String(err?.message ?? err).split("\n")[0].trim() || err?.name || "unknown error";

function decoded(text, what) {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new DatabaseUrlError(`BANCADA_DATABASE_URL: the ${what} is not valid percent-encoding`);
  }
}

/**
 * The connection settings of a libpq URI: {host, port, database, username, password, ssl, connectTimeoutMs,
 * queryTimeoutMs, applicationName}.
 * Query parameters host, port, dbname, user, password, sslmode, connect_timeout and application_name
 * are honoured as libpq does (host may be a Unix socket folder); others throw DatabaseUrlError.
 */
export function parseDatabaseUrl(text) {
  let url;
  try {
    url = new URL(text);
  } catch {
    throw new DatabaseUrlError(`BANCADA_DATABASE_URL is not a URI; expected ${URI_FORM}`);
  }
  if (url.protocol !== "postgresql:" && url.protocol !== "postgres:") {
    throw new DatabaseUrlError(`BANCADA_DATABASE_URL must start with postgresql://, got ${url.protocol}//; expected ${URI_FORM}`);
  }
  if (url.hostname.includes(",")) throw new DatabaseUrlError("BANCADA_DATABASE_URL: several hosts are not supported; name one");
  const settings = {
    host: decoded(url.hostname.replace(/^\[(.*)\]$/, "$1"), "host") || "localhost",
    port: url.port ? Number(url.port) : DEFAULT_PORT,
    database: decoded(url.pathname.replace(/^\//, ""), "database name"),
    username: decoded(url.username, "user name"),
    password: url.password ? decoded(url.password, "password") : undefined,
    ssl: false,
    connectTimeoutMs: CONNECT_TIMEOUT_MS,
    queryTimeoutMs: QUERY_TIMEOUT_MS,
    applicationName: APPLICATION_NAME,
  };
  for (const [key, value] of url.searchParams) {
    if (key === "host") settings.host = value;
    else if (key === "port") settings.port = Number(value);
    else if (key === "dbname") settings.database = value;
    else if (key === "user") settings.username = value;
    else if (key === "password") settings.password = value;
    else if (key === "application_name") settings.applicationName = value;
    else if (key === "sslmode") {
      if (!(value in SSL_MODES)) throw new DatabaseUrlError(`BANCADA_DATABASE_URL: sslmode must be one of ${Object.keys(SSL_MODES).join(", ")}, got ${value}`);
      settings.ssl = SSL_MODES[value];
    } else if (key === "connect_timeout") {
      if (!/^\d+$/.test(value)) throw new DatabaseUrlError(`BANCADA_DATABASE_URL: connect_timeout must be whole seconds, got ${value}`);
      settings.connectTimeoutMs = Number(value) > 0 ? Number(value) * 1000 : CONNECT_TIMEOUT_MS;
    } else {
      throw new DatabaseUrlError(`BANCADA_DATABASE_URL: the parameter ${key} is not supported (host, port, dbname, user, password, sslmode, connect_timeout, application_name are)`);
    }
  }
  if (!Number.isInteger(settings.port) || settings.port < 1 || settings.port > 65535) {
    throw new DatabaseUrlError(`BANCADA_DATABASE_URL: the port must be in 1..65535, got ${url.port || settings.port}`);
  }
  if (!settings.username) throw new DatabaseUrlError(`BANCADA_DATABASE_URL names no user; expected ${URI_FORM}`);
  if (!settings.database) settings.database = settings.username; // libpq's default
  return settings;
}

/** "database bancada on 127.0.0.1 port 5432": what an error names (never the password). */
export const describe = (s) => `database ${s.database} on ${s.host} port ${s.port}`;

const TIMESTAMPS = { underscored: true, paranoid: true, timestamps: true };

function defineModels(sequelize, DataTypes) {
  // Fresh objects per attribute: Sequelize writes each attribute's column name into its definition.
  const id = () => ({ type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true });
  const text = () => ({ type: DataTypes.TEXT, allowNull: false });
  const age = () => ({ type: DataTypes.INTEGER, allowNull: false });
  const Pet = sequelize.define("Pet", { id: id(), name: text(), age: age(), type: text() }, { ...TIMESTAMPS, tableName: "pets" });
  const Person = sequelize.define("Person", {
    id: id(), first_name: text(), last_name: text(), email: text(), age: age(), phone: text(), gender: text(), biography: text(),
  }, { ...TIMESTAMPS, tableName: "people" });
  return { Pet, Person };
}

const PET_FIELDS = ["name", "age", "type"];
const PERSON_FIELDS = ["first_name", "last_name", "email", "age", "phone", "gender", "biography"];

const time = (date) => (date === null || date === undefined ? null : date.toISOString()); // RFC 3339, UTC, "Z", ms

/** A model instance as the contract's JSON row: id a number (ids stay far below 2^53), times RFC 3339, deleted_at null. */
function row(instance, fields) {
  const out = {
    id: Number(instance.get("id")),
    created_at: time(instance.get("createdAt")),
    updated_at: time(instance.get("updatedAt")),
    deleted_at: time(instance.get("deletedAt")),
  };
  for (const field of fields) out[field] = instance.get(field);
  return out;
}

/** What the database methods need: the four operations on checked input, answering JSON rows. */
export class Database {
  /**
   * @param lib the sequelize package (its default export); @param settings parseDatabaseUrl's result;
   * @param poolSize the most connections the pool opens.
   */
  constructor(lib, settings, poolSize = DEFAULT_POOL_SIZE) {
    this.lib = lib;
    this.settings = settings;
    this.poolSize = poolSize;
    this.sequelize = new lib.Sequelize({
      dialect: "postgres",
      host: settings.host,
      port: settings.port,
      database: settings.database,
      username: settings.username,
      password: settings.password,
      logging: false,
      pool: { max: poolSize, min: 0, idle: 10_000, acquire: 60_000 },
      dialectOptions: {
        ssl: settings.ssl,
        connectionTimeoutMillis: settings.connectTimeoutMs,
        query_timeout: settings.queryTimeoutMs, // pg's client-side bound on a query's answer
        keepAlive: true, // TCP keep-alive: a peer that vanished is noticed
        application_name: settings.applicationName,
      },
      retry: { max: 1 }, // a failed query is answered UNAVAILABLE at once; the next request gets a new connection
    });
    this.models = defineModels(this.sequelize, lib.DataTypes);
  }

  /** Open one connection and run a query; throws DatabaseStartError naming host, port and database. */
  async authenticate() {
    try {
      await this.sequelize.authenticate();
    } catch (err) {
      throw new DatabaseStartError(`cannot connect to the ${describe(this.settings)}: ${firstLine(err.original ?? err)}`);
    }
  }

  /** `fn()`, with Sequelize's errors (connection refused, lost, timed out, a failed query) as Unavailable. */
  async #guarded(fn) {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof this.lib.BaseError) throw new Unavailable(`database: ${firstLine(err.original ?? err)}`);
      throw err;
    }
  }

  /** The first `limit` pets not deleted, in id order (limit already checked). */
  listPets(limit) {
    return this.#guarded(async () => (await this.models.Pet.findAll({ order: [["id", "ASC"]], limit }))
      .map((p) => row(p, PET_FIELDS)));
  }

  /** The first `limit` people not deleted, in id order (limit already checked). */
  listPeople(limit) {
    return this.#guarded(async () => (await this.models.Person.findAll({ order: [["id", "ASC"]], limit }))
      .map((p) => row(p, PERSON_FIELDS)));
  }

  /** Insert a checked pet {name, age, type}; the stored row. */
  createPet(pet) {
    return this.#guarded(async () => row(await this.models.Pet.create(pet), PET_FIELDS));
  }

  /** Insert a checked person; the stored row. */
  createPerson(person) {
    return this.#guarded(async () => row(await this.models.Person.create(person), PERSON_FIELDS));
  }

  close() {
    return this.sequelize.close();
  }
}

/** The worker without a database: every operation is Unavailable(NO_DATABASE). */
export class NoDatabase {
  async listPets() {
    throw new Unavailable(NO_DATABASE);
  }

  async listPeople() {
    throw new Unavailable(NO_DATABASE);
  }

  async createPet() {
    throw new Unavailable(NO_DATABASE);
  }

  async createPerson() {
    throw new Unavailable(NO_DATABASE);
  }

  async close() {}
}

/**
 * The database of `url` (BANCADA_DATABASE_URL; undefined or empty: none), authenticated once.
 * Throws DatabaseUrlError or DatabaseStartError.
 */
export async function openDatabase(url, poolSize = DEFAULT_POOL_SIZE) {
  if (!url) return new NoDatabase();
  const settings = parseDatabaseUrl(url);
  const database = new Database((await import("sequelize")).default, settings, poolSize);
  try {
    await database.authenticate();
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
  return database;
}
