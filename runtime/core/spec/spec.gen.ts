// Generated from openapi.yaml by scripts/embed-spec.ts (`npm run generate`). Do not edit.
import type { OpenApiDocument } from './openapi-document.ts';

/** The OpenAPI document, embedded so that the core runs where there is no file system. */
export const openApiDocument: OpenApiDocument = {
  "openapi": "3.1.0",
  "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
  "info": {
    "title": "Course Management Service",
    "version": "1.8.1",
    "summary": "Manage courses, and the API keys that authenticate calls to them.",
    "license": {
      "name": "MIT",
      "identifier": "MIT"
    },
    "contact": {
      "name": "course-service maintainers"
    },
    "description": "An HTTP API for managing courses. Course calls authenticate with an API key; the keys\nthemselves are created, listed and revoked with an identity-provider ID token.\n\n## Authentication\n- **API key** (course endpoints): `Authorization: Bearer <API_KEY>` or `X-API-Key: <API_KEY>`.\n  Keys look like `<prefix>_<environment>_<32 characters>`, e.g. `cms_prod_…`. The last six of the\n  32 characters are a CRC32 checksum, so a mistyped key is refused before any lookup and secret\n  scanners can recognise leaked keys. A key value is shown once, at creation. Each key carries\n  scopes (`courses:read`, `courses:write`); the scopes an operation needs are listed in its\n  security requirement. A key without them gets `403 insufficient_scope`.\n- **ID token** (key management): `Authorization: Bearer <ID_TOKEN>`, an OpenID Connect ID token\n  (RS256 or ES256) from the configured identity provider. Keys belong to the token's `sub`.\n- **MCP master key**: MCP clients may use the key configured in `MCP_MASTER_API_KEY`. It acts on\n  production data only.\n\nRotation: roll the key (`POST /api/v1/api-keys/{keyId}/roll`): one call makes the new key, with\nthe old key's name, environment and scopes, and sets the old key to expire after a grace window\nyou choose (24 hours unless told), so both work while the application switches over. A\nrotation interval of 90 days is recommended.\n\n## Test environment\nEvery key belongs to an environment, named in its value: `cms_prod_…` keys act on production\ndata, `cms_test_…` keys on the account's sandbox. Courses belong to the environment of the key\nthat created them, and each environment sees only its own: a test key never lists, reads,\nchanges, counts or rate-limits a production course, and the reverse. An id from the other\nenvironment answers `404`, exactly like a missing one. Every course carries its `environment`,\nand every response to a request made with an API key says which environment answered in the\n`Course-Environment` header. Test traffic has its own rate-limit policy (`courses-test`).\n`DELETE /api/v1/test-data` (ID token) deletes every test course of the account and never\ntouches production data.\n\n## Events and webhooks\nEvery change to a course, and every API key created, rolled or revoked, is recorded as an event\n(`evt_…`) in the same write as the change: an acknowledged change always has its event, and a\nchange that was not made never has one. Read them as a feed (`GET /api/v1/events`, scope\n`events:read`, oldest first, kept 30 days), or have them posted to your webhook endpoints\n(scope `webhooks:write`; a test key manages the sandbox's endpoints, which receive its events\nonly). Deliveries are signed as [Standard Webhooks](https://www.standardwebhooks.com/)\ndescribes, so any of its libraries verifies them; they come at least once, so deduplicate on\n`webhook-id`. The payloads are described under this document's `webhooks`.\n\n## Errors\nEvery error is an RFC 9457 problem (`application/problem+json`) with a stable `code`, the\n`requestId` of the call, and for validation errors one entry per offending field in `errors`.\nRequests the HTTP layer cannot take reach no operation, and answer a problem on their own,\nwith `Connection: close`: a malformed request line or header (`400 malformed_request`), a\nrequest line and headers past 16 KiB (`431 headers_too_large`), or headers or a body that do\nnot arrive in time (`408 request_timeout`). An answer given before the body was read (`401`,\n`413`, `415`, `408`) still reaches a client that is sending it: the server reads and discards\nthe rest for a few seconds before it closes the connection. When the database does not answer\n(refused, reset, timed out, no connection free in time), a request that needs it answers `503\nservice_unavailable` with `Retry-After` and `retry-after-ms`; an unreachable Redis does not:\nrate limits then count on each instance's own memory until it is back.\n\n## HEAD\nEvery path that answers `GET` answers `HEAD` too (RFC 9110), with the status and headers the\n`GET` would get and no body; a `405`'s `Allow` lists `HEAD` wherever it lists `GET`.\n\n## Text\nText fields take any Unicode text except control characters (U+0000–U+001F); descriptions\nalso take tab, line feed and carriage return. A field that breaks this answers `400\nvalidation_failed` naming it. JSON strings with an unpaired surrogate (`\"\\ud800\"`) are not\ntext: such a body answers `400 malformed_json`.\n\n## Rate limits\nCourse calls are limited per API key (policy `courses` for production keys, `courses-test` for\ntest keys), key management per subject (`api-keys`), and failed authentication per client\naddress (`auth-failures`). Creating API keys has a quota of its own per subject (policy\n`key-creation`, 20 per hour by default), so a stolen ID token cannot mint keys in bulk. Limited\nresponses carry `RateLimit-Policy` and `RateLimit` (IETF\ndraft-ietf-httpapi-ratelimit-headers structured syntax); a `429` adds `Retry-After` (seconds)\nand `retry-after-ms` (the same wait in milliseconds, which some SDKs read first). A `403` does\nnot consume quota.\n\n## Browsers and CORS\nThe API is for servers and tools holding a credential, not for scripts on other web origins: it\nsends no `Access-Control-Allow-*` headers, and a CORS preflight (`OPTIONS`) answers `405`, so a\nbrowser refuses cross-origin calls. The dashboard at `/dashboard` calls the API from its own\norigin. The exceptions are `POST /mcp`, for browser MCP clients on the origins it accepts (see\nits description), and, outside this API, what such a client signs in with: `/.well-known/*`\nand the development authorization server's `/oauth/register` and `/oauth/token` answer any\norigin. API responses carry `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY`,\n`Content-Security-Policy: default-src 'none'; frame-ancestors 'none'` and\n`Referrer-Policy: no-referrer`.\n\n## Idempotency\n`POST` requests that create things accept an `Idempotency-Key`. A retry with the same key and\nbody within 24 hours replays the stored response (with `Idempotent-Replayed: true`); the same\nkey with a different body answers `422`, and a retry while the first request is still running\nanswers `409`.\n\n## Changelog\n- v1.0.0 — 2025-01-01 — initial release.\n- v1.1.0 — 2026-11-21 — course lifecycle (`draft → published → archived`, restore), get,\n  partial update and delete of a course, cursor pagination and status filter on lists, key\n  scopes and expiry, idempotency keys, documented rate-limit headers and problem codes, and the\n  MCP endpoint `POST /mcp` (tools mirroring the course operations; master-key mode for\n  administrative tools).\n- v1.2.0 — 2026-11-23 — test-environment keys: `environment` (`prod` or `test`) when creating a\n  key and as a filter when listing them; courses carry their `environment` and are isolated per\n  environment; the `Course-Environment` response header; the `courses-test` rate-limit policy;\n  `DELETE /api/v1/test-data` to reset an account's sandbox.\n  Also: `GET /healthz` reports each dependency (`checks`: database, Redis) and answers `503`\n  when one is down; the `key-creation` quota; `If-None-Match` on `/api/openapi` is bounded\n  (`400`); `POST /mcp` documents `413` and `415`; `ETag` and `If-None-Match` → `304` on\n  `getCourse` and `listCourses`.\n- v1.3.0 — 2026-11-25 — reliability: `503 service_unavailable` with `Retry-After` when the\n  database does not answer; `HEAD` wherever `GET` is served, and `Allow` lists it; text fields\n  refuse control characters (descriptions keep tab and line breaks) and bodies with unpaired\n  surrogates; problems for what the HTTP layer refuses (`400 malformed_request`, `408\n  request_timeout`, `431 headers_too_large`); `getHealth` and `resetTestData` declare the `400`\n  they answer for a query parameter they do not take. MCP: `POST /mcp` takes an ID token\n  (`idToken`) besides the master key and API keys, and its `401` names the protected resource\n  metadata (`resource_metadata`); the `400` of a bad tool filter is described; a signed-in\n  user's requests count against the subject's course quota; pages on the origins it accepts\n  get CORS answers (browser MCP clients).\n- v1.4.0 — 2026-11-28 — `request_refused`: the problem code of a client error raised by\n  middleware an embedder mounts in front of the service (it keeps that middleware's status).\n- v1.7.0 — 2026-11-28 — rolling a key: `POST /api/v1/api-keys/{keyId}/roll` makes a new key\n  with the old key's name, environment, scopes and lifetime, and sets the old key to expire\n  after `oldKeyExpiresIn` seconds (0 to 30 days, 24 hours by default); key records carry\n  `rolledFrom` and `rolledTo`; a revoked, expired or already rolled key answers `409`\n  (`key_already_revoked`, `key_already_expired`, `key_already_rolled`, the last with\n  `rolledTo`). A key's history: `GET /api/v1/api-keys/{keyId}/events` pages through what happened\n  to it (created, rolled from or to, revoked, expired), with the time, the actor and the\n  request id. A key's usage: `GET /api/v1/api-keys/{keyId}/usage` answers the requests it\n  authenticated per hour or day, by outcome, and where it was last used from. `lastUsedAt` is\n  never before `createdAt`. Leaked-key reports: `POST /api/v1/secret-scanning/reports` takes a\n  secret scanner's signed report (GitHub's partner protocol) and revokes (or flags) the keys of\n  ours it names, answering a verdict per token; `invalid_report_signature` (401).\n- v1.8.0 — 2026-11-29 — events and webhooks: `GET /api/v1/events` (scope `events:read`) pages\n  through what happened in the key's environment, oldest first (`course.created`, `.updated`,\n  `.published`, `.archived`, `.restored`, `.deleted`; `api_key.created`, `.rolled`,\n  `.revoked`), each recorded in the same write as its change and kept 30 days;\n  `GET /api/v1/events/{eventId}`. Webhook endpoints (scope `webhooks:write`): create (the\n  `whsec_…` secret shown once), list, get, update, delete, rotate the secret (both secrets\n  sign during an overlap), send a test event, list deliveries and redeliver one. Deliveries\n  follow Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`), at least\n  once, retried for about 28 hours; `410 Gone` or a failed schedule disables the endpoint. Endpoint URLs must be `https` on public addresses. The payloads are this\n  document's `webhooks`. Problem codes `webhook_endpoint_disabled` and\n  `webhook_endpoint_limit`; scopes `events:read` and `webhooks:write`.\n- v1.8.1 — 2026-12-07 — descriptions only: a webhook URL whose host does not resolve yet is\n  accepted (every delivery checks its address again); a development server accepts local\n  webhook receivers and runs a development secret scanner that signs leaked-key reports.\n- v1.6.0 — 2026-11-28 — `retry-after-ms` beside `Retry-After` on every `429` and `503`: the\n  same wait in milliseconds, which the SDKs of the Stainless family (and this service's SDK)\n  read first.\n"
  },
  "servers": [
    {
      "url": "/",
      "description": "The server that serves this document (`npm start` listens on http://localhost:3000)"
    }
  ],
  "tags": [
    {
      "name": "Courses",
      "description": "Courses and their lifecycle."
    },
    {
      "name": "API keys",
      "description": "API keys, managed with an identity-provider ID token."
    },
    {
      "name": "Events",
      "description": "What happened to courses and API keys, as a feed."
    },
    {
      "name": "Webhooks",
      "description": "Endpoints that receive events as signed deliveries, and their delivery logs."
    },
    {
      "name": "Test environment",
      "description": "The sandbox that test keys (`cms_test_…`) act on."
    },
    {
      "name": "Service",
      "description": "The service's own description and health."
    }
  ],
  "security": [],
  "paths": {
    "/api/v1/courses": {
      "get": {
        "operationId": "listCourses",
        "summary": "List courses",
        "description": "The caller's courses, newest first, one page at a time. Each page carries an `ETag`; send it\nback in `If-None-Match` to get `304 Not Modified` (no body) while the page is unchanged.\n",
        "tags": [
          "Courses"
        ],
        "security": [
          {
            "apiKeyBearer": [
              "courses:read"
            ]
          },
          {
            "apiKeyHeader": [
              "courses:read"
            ]
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/Limit"
          },
          {
            "$ref": "#/components/parameters/Cursor"
          },
          {
            "name": "status",
            "in": "query",
            "description": "Only courses in this state.",
            "schema": {
              "$ref": "#/components/schemas/CourseStatus"
            }
          },
          {
            "$ref": "#/components/parameters/If-None-Match"
          }
        ],
        "responses": {
          "200": {
            "description": "A page of courses.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Course-Environment": {
                "$ref": "#/components/headers/Course-Environment"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "ETag": {
                "$ref": "#/components/headers/ETag"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/CourseList"
                },
                "examples": {
                  "page": {
                    "summary": "A page with more to come",
                    "value": {
                      "data": [
                        {
                          "id": "crs_7GfK2pQm9XwLz4Rt",
                          "name": "Introduction to Databases",
                          "description": "Relational modelling, SQL and transactions.",
                          "status": "published",
                          "createdAt": "2026-11-20T09:30:00Z",
                          "updatedAt": "2026-11-20T10:00:00Z",
                          "publishedAt": "2026-11-20T10:00:00Z",
                          "archivedAt": null,
                          "environment": "prod"
                        }
                      ],
                      "hasMore": true,
                      "nextCursor": "Y3JzOjQy"
                    }
                  }
                }
              }
            },
            "links": {
              "NextPage": {
                "operationId": "listCourses",
                "parameters": {
                  "cursor": "$response.body#/nextCursor",
                  "limit": "$request.query.limit",
                  "status": "$request.query.status"
                },
                "description": "The next page, with the same page size and filter, while `hasMore` is true."
              }
            }
          },
          "304": {
            "$ref": "#/components/responses/NotModified"
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      },
      "post": {
        "operationId": "createCourse",
        "summary": "Create a course",
        "description": "Creates a course in the `draft` state.",
        "tags": [
          "Courses"
        ],
        "security": [
          {
            "apiKeyBearer": [
              "courses:write"
            ]
          },
          {
            "apiKeyHeader": [
              "courses:write"
            ]
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/Idempotency-Key"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/CourseCreate"
              },
              "examples": {
                "course": {
                  "summary": "A new course",
                  "value": {
                    "name": "Introduction to Databases",
                    "description": "Relational modelling, SQL and transactions."
                  }
                }
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "The created course.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Course-Environment": {
                "$ref": "#/components/headers/Course-Environment"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "Location": {
                "$ref": "#/components/headers/Location"
              },
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Course"
                },
                "examples": {
                  "draft": {
                    "$ref": "#/components/examples/DraftCourse"
                  }
                }
              }
            },
            "links": {
              "GetCourse": {
                "operationId": "getCourse",
                "parameters": {
                  "courseId": "$response.body#/id"
                },
                "description": "The course just created, which is there at once."
              },
              "UpdateCourse": {
                "operationId": "updateCourse",
                "parameters": {
                  "courseId": "$response.body#/id"
                },
                "description": "Change the course just created."
              },
              "DeleteCourse": {
                "operationId": "deleteCourse",
                "parameters": {
                  "courseId": "$response.body#/id"
                },
                "description": "Delete the course just created; after that every link answers `404`."
              },
              "PublishCourse": {
                "operationId": "publishCourse",
                "parameters": {
                  "courseId": "$response.body#/id"
                },
                "description": "Publish the course just created."
              },
              "ArchiveCourse": {
                "operationId": "archiveCourse",
                "parameters": {
                  "courseId": "$response.body#/id"
                },
                "description": "Archive the course just created."
              },
              "RestoreCourse": {
                "operationId": "restoreCourse",
                "parameters": {
                  "courseId": "$response.body#/id"
                },
                "description": "Restore the course just created once it is archived."
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "409": {
            "$ref": "#/components/responses/IdempotencyConflict"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "422": {
            "$ref": "#/components/responses/IdempotencyKeyReused"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      }
    },
    "/api/v1/courses/{courseId}": {
      "parameters": [
        {
          "$ref": "#/components/parameters/CourseId"
        }
      ],
      "get": {
        "operationId": "getCourse",
        "summary": "Get a course",
        "description": "The course, with an `ETag` that changes whenever the course does; send it back in\n`If-None-Match` to get `304 Not Modified` (no body) while the course is unchanged.\n",
        "tags": [
          "Courses"
        ],
        "security": [
          {
            "apiKeyBearer": [
              "courses:read"
            ]
          },
          {
            "apiKeyHeader": [
              "courses:read"
            ]
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/If-None-Match"
          }
        ],
        "responses": {
          "200": {
            "description": "The course.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Course-Environment": {
                "$ref": "#/components/headers/Course-Environment"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "ETag": {
                "$ref": "#/components/headers/ETag"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Course"
                },
                "examples": {
                  "draft": {
                    "$ref": "#/components/examples/DraftCourse"
                  }
                }
              }
            }
          },
          "304": {
            "$ref": "#/components/responses/NotModified"
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      },
      "patch": {
        "operationId": "updateCourse",
        "summary": "Update a course",
        "description": "Changes the fields sent and leaves the others as they are. Archived courses are read-only:\nrestore them first (`409 course_archived`). A request that changes nothing (the values\nsent are the current ones) changes nothing: `updatedAt` stays, and no `course.updated`\nevent is recorded.\n",
        "tags": [
          "Courses"
        ],
        "security": [
          {
            "apiKeyBearer": [
              "courses:write"
            ]
          },
          {
            "apiKeyHeader": [
              "courses:write"
            ]
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/CourseUpdate"
              },
              "examples": {
                "rename": {
                  "summary": "Rename a course",
                  "value": {
                    "name": "Databases I"
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The updated course.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Course-Environment": {
                "$ref": "#/components/headers/Course-Environment"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Course"
                },
                "examples": {
                  "renamed": {
                    "summary": "Renamed",
                    "value": {
                      "id": "crs_7GfK2pQm9XwLz4Rt",
                      "name": "Databases I",
                      "description": "Relational modelling, SQL and transactions.",
                      "status": "draft",
                      "createdAt": "2026-11-20T09:30:00Z",
                      "updatedAt": "2026-11-20T09:45:00Z",
                      "publishedAt": null,
                      "archivedAt": null,
                      "environment": "prod"
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      },
      "delete": {
        "operationId": "deleteCourse",
        "summary": "Delete a course",
        "description": "Deletes a `draft` or `archived` course for good. A `published` course must be archived\nfirst (`409 invalid_course_state`).\n",
        "tags": [
          "Courses"
        ],
        "security": [
          {
            "apiKeyBearer": [
              "courses:write"
            ]
          },
          {
            "apiKeyHeader": [
              "courses:write"
            ]
          }
        ],
        "responses": {
          "204": {
            "description": "Deleted.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Course-Environment": {
                "$ref": "#/components/headers/Course-Environment"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      }
    },
    "/api/v1/courses/{courseId}/publish": {
      "parameters": [
        {
          "$ref": "#/components/parameters/CourseId"
        }
      ],
      "post": {
        "operationId": "publishCourse",
        "summary": "Publish a course",
        "description": "`draft → published`. Any other starting state answers `409 invalid_transition`.",
        "tags": [
          "Courses"
        ],
        "security": [
          {
            "apiKeyBearer": [
              "courses:write"
            ]
          },
          {
            "apiKeyHeader": [
              "courses:write"
            ]
          }
        ],
        "responses": {
          "200": {
            "$ref": "#/components/responses/CourseTransitioned"
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      }
    },
    "/api/v1/courses/{courseId}/archive": {
      "parameters": [
        {
          "$ref": "#/components/parameters/CourseId"
        }
      ],
      "post": {
        "operationId": "archiveCourse",
        "summary": "Archive a course",
        "description": "`draft → archived` or `published → archived`. Archived courses are read-only.",
        "tags": [
          "Courses"
        ],
        "security": [
          {
            "apiKeyBearer": [
              "courses:write"
            ]
          },
          {
            "apiKeyHeader": [
              "courses:write"
            ]
          }
        ],
        "responses": {
          "200": {
            "$ref": "#/components/responses/CourseTransitioned"
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      }
    },
    "/api/v1/courses/{courseId}/restore": {
      "parameters": [
        {
          "$ref": "#/components/parameters/CourseId"
        }
      ],
      "post": {
        "operationId": "restoreCourse",
        "summary": "Restore an archived course",
        "description": "`archived → draft`.",
        "tags": [
          "Courses"
        ],
        "security": [
          {
            "apiKeyBearer": [
              "courses:write"
            ]
          },
          {
            "apiKeyHeader": [
              "courses:write"
            ]
          }
        ],
        "responses": {
          "200": {
            "$ref": "#/components/responses/CourseTransitioned"
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      }
    },
    "/api/v1/api-keys": {
      "get": {
        "operationId": "listApiKeys",
        "summary": "List API keys",
        "description": "The caller's API keys, newest first, revoked and expired ones included. Key values are never listed.",
        "tags": [
          "API keys"
        ],
        "security": [
          {
            "idToken": []
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/Limit"
          },
          {
            "$ref": "#/components/parameters/Cursor"
          },
          {
            "name": "environment",
            "in": "query",
            "description": "Only keys of this environment.",
            "schema": {
              "$ref": "#/components/schemas/KeyEnvironment"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "A page of API keys.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ApiKeyList"
                },
                "examples": {
                  "keys": {
                    "summary": "One active key",
                    "value": {
                      "data": [
                        {
                          "id": "key_Hq3Zt8LmN2vXc5Wp",
                          "name": "Production backend",
                          "start": "cms_prod_8fJ2",
                          "environment": "prod",
                          "scopes": [
                            "courses:read",
                            "courses:write"
                          ],
                          "status": "active",
                          "createdAt": "2026-11-01T08:00:00Z",
                          "lastUsedAt": "2026-11-20T17:12:00Z",
                          "expiresAt": null,
                          "revokedAt": null,
                          "rolledFrom": null,
                          "rolledTo": null
                        }
                      ],
                      "hasMore": false,
                      "nextCursor": null
                    }
                  }
                }
              }
            },
            "links": {
              "NextPage": {
                "operationId": "listApiKeys",
                "parameters": {
                  "cursor": "$response.body#/nextCursor",
                  "limit": "$request.query.limit",
                  "environment": "$request.query.environment"
                },
                "description": "The next page, with the same page size and filter, while `hasMore` is true."
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      },
      "post": {
        "operationId": "createApiKey",
        "summary": "Create an API key",
        "description": "Creates a key for the ID token's subject. The response is the only time the key value\n(`key`) is shown: store it in a secret manager. It is sent with `Cache-Control: no-store`.\n",
        "tags": [
          "API keys"
        ],
        "security": [
          {
            "idToken": []
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/Idempotency-Key"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ApiKeyCreate"
              },
              "examples": {
                "backend": {
                  "summary": "A full-access key",
                  "value": {
                    "name": "Production backend"
                  }
                },
                "readOnly": {
                  "summary": "A read-only key that expires",
                  "value": {
                    "name": "Reporting job",
                    "scopes": [
                      "courses:read"
                    ],
                    "expiresAt": "2027-02-19T00:00:00Z"
                  }
                },
                "test": {
                  "summary": "A test key, for the sandbox",
                  "value": {
                    "name": "CI integration tests",
                    "environment": "test"
                  }
                }
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "The created key, with its value. The value is never shown again.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control-No-Store"
              },
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ApiKeyWithSecret"
                },
                "examples": {
                  "created": {
                    "summary": "A new key",
                    "value": {
                      "id": "key_Hq3Zt8LmN2vXc5Wp",
                      "name": "Production backend",
                      "start": "cms_prod_8fJ2",
                      "environment": "prod",
                      "scopes": [
                        "courses:read",
                        "courses:write"
                      ],
                      "status": "active",
                      "createdAt": "2026-11-01T08:00:00Z",
                      "lastUsedAt": null,
                      "expiresAt": null,
                      "revokedAt": null,
                      "rolledFrom": null,
                      "rolledTo": null,
                      "key": "cms_prod_8fJ2kLq9ZxW3vB7nR4tY6uP1m01HUSyT"
                    }
                  }
                }
              }
            },
            "links": {
              "RevokeApiKey": {
                "operationId": "revokeApiKey",
                "parameters": {
                  "keyId": "$response.body#/id"
                },
                "description": "Revoke the key just created."
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "409": {
            "$ref": "#/components/responses/IdempotencyConflict"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "422": {
            "$ref": "#/components/responses/IdempotencyKeyReused"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      }
    },
    "/api/v1/api-keys/{keyId}": {
      "parameters": [
        {
          "name": "keyId",
          "in": "path",
          "required": true,
          "description": "The key's id (`id` in the key record), never the key value.",
          "schema": {
            "$ref": "#/components/schemas/ApiKeyId"
          }
        }
      ],
      "delete": {
        "operationId": "revokeApiKey",
        "summary": "Revoke an API key",
        "description": "Revokes the key; it is refused from the very next request on. Revoking a revoked key\nchanges nothing and answers the same record.\n",
        "tags": [
          "API keys"
        ],
        "security": [
          {
            "idToken": []
          }
        ],
        "responses": {
          "200": {
            "description": "The revoked key.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ApiKey"
                },
                "examples": {
                  "revoked": {
                    "summary": "A revoked key",
                    "value": {
                      "id": "key_Hq3Zt8LmN2vXc5Wp",
                      "name": "Production backend",
                      "start": "cms_prod_8fJ2",
                      "environment": "prod",
                      "scopes": [
                        "courses:read",
                        "courses:write"
                      ],
                      "status": "revoked",
                      "createdAt": "2026-11-01T08:00:00Z",
                      "lastUsedAt": "2026-11-20T17:12:00Z",
                      "expiresAt": null,
                      "revokedAt": "2026-11-21T06:00:00Z",
                      "rolledFrom": null,
                      "rolledTo": null
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      }
    },
    "/api/v1/api-keys/{keyId}/roll": {
      "parameters": [
        {
          "name": "keyId",
          "in": "path",
          "required": true,
          "description": "The id of the key to roll (`id` in the key record), never the key value.",
          "schema": {
            "$ref": "#/components/schemas/ApiKeyId"
          }
        }
      ],
      "post": {
        "operationId": "rollApiKey",
        "summary": "Roll an API key",
        "description": "Replaces a key in one call: creates a new key with the old key's name, environment and\nscopes (and, if the old key expires, the same lifetime counted from now), and sets the old\nkey to expire `oldKeyExpiresIn` seconds from now (`0`: at once; never later than it\nalready would). Until then both keys work, on every instance. The answer is the new key\nwith its value, shown this once (`Cache-Control: no-store`), and `rolledFrom`; the list\nshows the old key's `rolledTo` and its pending `expiresAt`. A key that is revoked, expired\nor already rolled cannot be rolled (`409`). Counts against the `key-creation` quota, like\ncreating a key; an `Idempotency-Key` makes a retry safe.\n",
        "tags": [
          "API keys"
        ],
        "security": [
          {
            "idToken": []
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/Idempotency-Key"
          }
        ],
        "requestBody": {
          "required": false,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ApiKeyRoll"
              },
              "examples": {
                "nextDay": {
                  "summary": "The old key keeps working for 24 hours (the default)",
                  "value": {}
                },
                "oneHour": {
                  "summary": "The old key keeps working for one hour",
                  "value": {
                    "oldKeyExpiresIn": 3600
                  }
                },
                "now": {
                  "summary": "The old key stops at once (it leaked)",
                  "value": {
                    "oldKeyExpiresIn": 0
                  }
                }
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "The new key, with its value. The value is never shown again.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control-No-Store"
              },
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ApiKeyWithSecret"
                },
                "examples": {
                  "rolled": {
                    "summary": "The new key",
                    "value": {
                      "id": "key_Tm4Kx9PqR2sVw7Yz",
                      "name": "Production backend",
                      "start": "cms_prod_Q7xW",
                      "environment": "prod",
                      "scopes": [
                        "courses:read",
                        "courses:write"
                      ],
                      "status": "active",
                      "createdAt": "2026-11-28T09:00:00Z",
                      "lastUsedAt": null,
                      "expiresAt": null,
                      "revokedAt": null,
                      "rolledFrom": "key_Hq3Zt8LmN2vXc5Wp",
                      "rolledTo": null,
                      "key": "cms_prod_Q7xWm2Lk9ZxW3vB7nR4tY6uP1m0juiza"
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "409": {
            "$ref": "#/components/responses/KeyNotRollable"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "422": {
            "$ref": "#/components/responses/IdempotencyKeyReused"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      }
    },
    "/api/v1/api-keys/{keyId}/events": {
      "parameters": [
        {
          "name": "keyId",
          "in": "path",
          "required": true,
          "description": "The key's id (`id` in the key record), never the key value.",
          "schema": {
            "$ref": "#/components/schemas/ApiKeyId"
          }
        }
      ],
      "get": {
        "operationId": "listApiKeyEvents",
        "summary": "List a key's history",
        "description": "What happened to the key, newest first: created, rolled (from or to another key), revoked,\nexpired; each with its time, who did it (the ID token's subject, the MCP master key, or the\nservice itself) and the request that did it. The trail is append-only. An expiry is\nrecorded by the service, dated at the key's `expiresAt`, the first time the key's history\nis read or the key is revoked after it. Another account's key answers `404`, exactly like\na missing one.\n",
        "tags": [
          "API keys"
        ],
        "security": [
          {
            "idToken": []
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/Limit"
          },
          {
            "$ref": "#/components/parameters/Cursor"
          }
        ],
        "responses": {
          "200": {
            "description": "A page of the key's events, newest first.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ApiKeyEventList"
                },
                "examples": {
                  "rolled": {
                    "summary": "A key created, then rolled",
                    "value": {
                      "data": [
                        {
                          "type": "rolled_to",
                          "at": "2026-11-28T09:00:00.000Z",
                          "actor": {
                            "type": "user",
                            "subject": "alice"
                          },
                          "requestId": "4f1c2a7e-8d3b-4a51-9c0e-2b7d5e6f1a90",
                          "relatedKeyId": "key_Tm4Kx9PqR2sVw7Yz"
                        },
                        {
                          "type": "created",
                          "at": "2026-11-01T08:00:00.000Z",
                          "actor": {
                            "type": "user",
                            "subject": "alice"
                          },
                          "requestId": "0b5d3c1e-2f4a-4e6b-8c9d-1a2b3c4d5e6f",
                          "relatedKeyId": null
                        }
                      ],
                      "hasMore": false,
                      "nextCursor": null
                    }
                  }
                }
              }
            },
            "links": {
              "NextPage": {
                "operationId": "listApiKeyEvents",
                "parameters": {
                  "keyId": "$request.path.keyId",
                  "cursor": "$response.body#/nextCursor",
                  "limit": "$request.query.limit"
                },
                "description": "The next page, with the same page size, while `hasMore` is true."
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      }
    },
    "/api/v1/api-keys/{keyId}/usage": {
      "parameters": [
        {
          "name": "keyId",
          "in": "path",
          "required": true,
          "description": "The key's id (`id` in the key record), never the key value.",
          "schema": {
            "$ref": "#/components/schemas/ApiKeyId"
          }
        }
      ],
      "get": {
        "operationId": "getApiKeyUsage",
        "summary": "Get a key's usage",
        "description": "The requests the key authenticated, per hour or per day (UTC), by outcome: `success` (2xx\nand 304), `forbidden` (403), `rateLimited` (429), `clientError` (any other 4xx) and\n`serverError` (5xx); and where it was last used from (client address and user agent).\nRequests are counted in each instance's memory and written to the store in the background\n(every minute), so a crash loses at most the last minute's counts of that instance; this\ninstance's counts not yet written are included. Buckets without requests are left out.\n`from` is rounded down and `to` up to whole hours (or days); the range is at most 90 days,\nthe last 7 days when neither is given. Another account's key answers `404`.\n",
        "tags": [
          "API keys"
        ],
        "security": [
          {
            "idToken": []
          }
        ],
        "parameters": [
          {
            "name": "from",
            "in": "query",
            "description": "Start of the range (RFC 3339); 7 days before `to` when absent.",
            "schema": {
              "type": "string",
              "format": "date-time"
            }
          },
          {
            "name": "to",
            "in": "query",
            "description": "End of the range (RFC 3339), exclusive; now when absent.",
            "schema": {
              "type": "string",
              "format": "date-time"
            }
          },
          {
            "name": "granularity",
            "in": "query",
            "description": "One bucket per hour or per day (UTC).",
            "schema": {
              "type": "string",
              "enum": [
                "hour",
                "day"
              ],
              "default": "day"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "The key's usage in the range.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ApiKeyUsage"
                },
                "examples": {
                  "week": {
                    "summary": "Two days with requests",
                    "value": {
                      "from": "2026-11-21T00:00:00Z",
                      "to": "2026-11-28T00:00:00Z",
                      "granularity": "day",
                      "data": [
                        {
                          "start": "2026-11-26T00:00:00Z",
                          "success": 1204,
                          "forbidden": 0,
                          "rateLimited": 3,
                          "clientError": 12,
                          "serverError": 0
                        },
                        {
                          "start": "2026-11-27T00:00:00Z",
                          "success": 987,
                          "forbidden": 2,
                          "rateLimited": 0,
                          "clientError": 4,
                          "serverError": 1
                        }
                      ],
                      "lastUsedFrom": {
                        "at": "2026-11-27T21:14:03Z",
                        "address": "203.0.113.7",
                        "userAgent": "course-service-sdk/1.8.0"
                      }
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      }
    },
    "/api/v1/secret-scanning/reports": {
      "post": {
        "operationId": "reportLeakedApiKeys",
        "summary": "Report leaked API keys (secret scanning)",
        "description": "The secret-scanning partner endpoint: GitHub (or another scanner speaking its protocol)\nposts the strings matching our key pattern that it found in public code. The report must\nbe signed: `Github-Public-Key-Signature` is the base64 ECDSA (P-256, SHA-256) signature of\nthe raw body by the key `Github-Public-Key-Identifier` names among the public keys\npublished at the configured URL (`SECRET_SCANNING_KEYS_URL`, fetched and cached; a\ndevelopment server without it runs a development scanner of its own). An\nunsigned, unknown-key or badly signed report answers a problem and changes nothing. For\neach token: a string that fails our key checksum, or is no key of ours, is a\n`false_positive` (a checksum failure is answered without a store lookup); an issued key is\na `true_positive`, and an active one is revoked (or, with `SECRET_SCANNING_ACTION=flag`,\nonly flagged), with `reported_leaked` in its history.\n",
        "tags": [
          "Service"
        ],
        "parameters": [
          {
            "name": "Github-Public-Key-Identifier",
            "in": "header",
            "required": true,
            "description": "The identifier of the public key that signed the report.",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 200
            }
          },
          {
            "name": "Github-Public-Key-Signature",
            "in": "header",
            "required": true,
            "description": "The base64 ECDSA signature (ASN.1 DER) of the raw request body.",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 300,
              "pattern": "^[A-Za-z0-9+/=]+$"
            }
          }
        ],
        "x-mcp-tool": false,
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/LeakReport"
              },
              "examples": {
                "report": {
                  "summary": "One key found in a public repository",
                  "value": [
                    {
                      "token": "cms_prod_8fJ2kLq9ZxW3vB7nR4tY6uP1m01HUSyT",
                      "type": "course_service_api_key",
                      "url": "https://github.com/octo-org/octo-repo/blob/main/.env",
                      "source": "content"
                    }
                  ]
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "One verdict per reported token, in the order reported.",
            "x-contract-untestable": "Only the scanner holds the private key that signs a report.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/LeakVerdicts"
                },
                "examples": {
                  "verdicts": {
                    "summary": "A key of ours",
                    "value": [
                      {
                        "token_raw": "cms_prod_8fJ2kLq9ZxW3vB7nR4tY6uP1m01HUSyT",
                        "token_type": "course_service_api_key",
                        "label": "true_positive"
                      }
                    ]
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "description": "The report's signature does not hold (`invalid_report_signature`): it was made by no key\nthe scanner publishes, or not over this body. Nothing was changed.\n",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              }
            },
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                },
                "examples": {
                  "badSignature": {
                    "summary": "Not signed by a published key",
                    "value": {
                      "type": "urn:course-service:problem:invalid_report_signature",
                      "title": "Invalid report signature",
                      "status": 401,
                      "detail": "The report's signature does not verify with the published key 'bcb53661c06b4728e59d897fb6165d5c9cda0fd9cdf9d09ead458168deb7518c'.",
                      "instance": "/api/v1/secret-scanning/reports",
                      "code": "invalid_report_signature",
                      "requestId": "4f1c2a7e-8d3b-4a51-9c0e-2b7d5e6f1a90"
                    }
                  }
                }
              }
            }
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      }
    },
    "/api/v1/events": {
      "get": {
        "operationId": "listEvents",
        "summary": "List events",
        "description": "What happened in the environment of the caller's key, oldest first: every change to a\ncourse (`course.*`) and every API key created, rolled or revoked (`api_key.*`), each with\nthe object as it was after the change (for `course.deleted`, as it was when deleted).\nEvery event is recorded in the same write as the change it describes, so an acknowledged\nchange always has its event and a change that was not made never has one. Events are kept\nfor 30 days. This is the polling alternative to webhooks, and the replay source after an\nendpoint was down: `nextCursor` is never null, so keep the last one and ask with it later\nfor only what happened since. Needs the `events:read` scope.\n",
        "tags": [
          "Events"
        ],
        "security": [
          {
            "apiKeyBearer": [
              "events:read"
            ]
          },
          {
            "apiKeyHeader": [
              "events:read"
            ]
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/Limit"
          },
          {
            "name": "cursor",
            "in": "query",
            "description": "The `nextCursor` of an earlier page: the events after it. Absent: from the oldest event\nkept.\n",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 200,
              "pattern": "^[A-Za-z0-9_-]+$"
            }
          },
          {
            "name": "type",
            "in": "query",
            "description": "Only events of this type.",
            "schema": {
              "$ref": "#/components/schemas/EventType"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "A page of events, oldest first.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Course-Environment": {
                "$ref": "#/components/headers/Course-Environment"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/EventList"
                },
                "examples": {
                  "page": {
                    "summary": "One event, nothing more yet",
                    "value": {
                      "data": [
                        {
                          "id": "evt_2Nq8xT5mK9pR3vL7",
                          "type": "course.created",
                          "timestamp": "2026-11-29T09:00:00Z",
                          "environment": "prod",
                          "data": {
                            "id": "crs_7GfK2pQm9XwLz4Rt",
                            "name": "Introduction to Databases",
                            "description": "Relational modelling, SQL and transactions.",
                            "status": "draft",
                            "createdAt": "2026-11-29T09:00:00Z",
                            "updatedAt": "2026-11-29T09:00:00Z",
                            "publishedAt": null,
                            "archivedAt": null,
                            "environment": "prod"
                          }
                        }
                      ],
                      "hasMore": false,
                      "nextCursor": "ZXZ0OjQy"
                    }
                  }
                }
              }
            },
            "links": {
              "NextPage": {
                "operationId": "listEvents",
                "parameters": {
                  "cursor": "$response.body#/nextCursor",
                  "limit": "$request.query.limit",
                  "type": "$request.query.type"
                },
                "description": "The events after this page, now or, polled later, once there are some."
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      }
    },
    "/api/v1/events/{eventId}": {
      "parameters": [
        {
          "name": "eventId",
          "in": "path",
          "required": true,
          "description": "The event's id (`id`, also the `webhook-id` of its deliveries).",
          "schema": {
            "$ref": "#/components/schemas/EventId"
          }
        }
      ],
      "get": {
        "operationId": "getEvent",
        "summary": "Get an event",
        "description": "One event of the feed, of the caller's environment, while it is kept (30 days). A\n`webhook.test` event is not in the feed and answers `404`.\n",
        "tags": [
          "Events"
        ],
        "security": [
          {
            "apiKeyBearer": [
              "events:read"
            ]
          },
          {
            "apiKeyHeader": [
              "events:read"
            ]
          }
        ],
        "responses": {
          "200": {
            "description": "The event.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Course-Environment": {
                "$ref": "#/components/headers/Course-Environment"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Event"
                },
                "examples": {
                  "created": {
                    "$ref": "#/components/examples/CourseCreatedEvent"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      }
    },
    "/api/v1/webhook-endpoints": {
      "get": {
        "operationId": "listWebhookEndpoints",
        "summary": "List webhook endpoints",
        "description": "The webhook endpoints of the caller's environment, newest first. A production key manages\nthe production endpoints, a test key the sandbox's, which receive the sandbox's events\nonly.\nSecrets are never listed.\n",
        "tags": [
          "Webhooks"
        ],
        "security": [
          {
            "apiKeyBearer": [
              "webhooks:write"
            ]
          },
          {
            "apiKeyHeader": [
              "webhooks:write"
            ]
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/Limit"
          },
          {
            "$ref": "#/components/parameters/Cursor"
          }
        ],
        "responses": {
          "200": {
            "description": "A page of webhook endpoints.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Course-Environment": {
                "$ref": "#/components/headers/Course-Environment"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/WebhookEndpointList"
                },
                "examples": {
                  "one": {
                    "summary": "One endpoint",
                    "value": {
                      "data": [
                        {
                          "id": "we_4kT9pLm2QxR7vW3z",
                          "url": "https://lms.example.com/hooks/courses",
                          "description": "Catalogue sync",
                          "eventTypes": [
                            "course.created",
                            "course.updated",
                            "course.published",
                            "course.archived"
                          ],
                          "environment": "prod",
                          "enabled": true,
                          "disabledReason": null,
                          "secretStart": "whsec_MfKQ",
                          "createdAt": "2026-11-29T08:00:00Z",
                          "updatedAt": "2026-11-29T08:00:00Z"
                        }
                      ],
                      "hasMore": false,
                      "nextCursor": null
                    }
                  }
                }
              }
            },
            "links": {
              "NextPage": {
                "operationId": "listWebhookEndpoints",
                "parameters": {
                  "cursor": "$response.body#/nextCursor",
                  "limit": "$request.query.limit"
                },
                "description": "The next page, with the same page size, while `hasMore` is true."
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      },
      "post": {
        "operationId": "createWebhookEndpoint",
        "summary": "Create a webhook endpoint",
        "description": "Registers a URL to receive the environment's events as signed `POST`s (Standard Webhooks:\n`webhook-id`, `webhook-timestamp`, `webhook-signature`; see the `webhooks` of this\ndocument). The answer holds the signing secret (`whsec_…`), shown this once\n(`Cache-Control: no-store`); a retry with the same `Idempotency-Key` within 24 hours\nanswers the same endpoint and secret. The URL must be `https`, and its host must not be, or\nresolve to, a loopback, private, link-local or metadata address (`400 validation_failed`\nnaming `/url`); a host that does not resolve yet is accepted, and every delivery checks it\nagain. The server's operator may allow `http` and loopback, private and link-local\naddresses for development (a development server does by default), never metadata ones.\nAt most 16 endpoints per environment\n(`409 webhook_endpoint_limit`).\n",
        "tags": [
          "Webhooks"
        ],
        "security": [
          {
            "apiKeyBearer": [
              "webhooks:write"
            ]
          },
          {
            "apiKeyHeader": [
              "webhooks:write"
            ]
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/Idempotency-Key"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/WebhookEndpointCreate"
              },
              "examples": {
                "courses": {
                  "summary": "Course changes only",
                  "value": {
                    "url": "https://lms.example.com/hooks/courses",
                    "description": "Catalogue sync",
                    "eventTypes": [
                      "course.created",
                      "course.updated",
                      "course.published",
                      "course.archived"
                    ]
                  }
                }
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "The endpoint, with its signing secret. The secret is never shown again.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Course-Environment": {
                "$ref": "#/components/headers/Course-Environment"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "Location": {
                "$ref": "#/components/headers/Location"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control-No-Store"
              },
              "Idempotent-Replayed": {
                "$ref": "#/components/headers/Idempotent-Replayed"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/WebhookEndpointWithSecret"
                },
                "examples": {
                  "created": {
                    "summary": "The new endpoint and its secret",
                    "value": {
                      "id": "we_4kT9pLm2QxR7vW3z",
                      "url": "https://lms.example.com/hooks/courses",
                      "description": "Catalogue sync",
                      "eventTypes": [
                        "course.created",
                        "course.updated",
                        "course.published",
                        "course.archived"
                      ],
                      "environment": "prod",
                      "enabled": true,
                      "disabledReason": null,
                      "secretStart": "whsec_MfKQ",
                      "createdAt": "2026-11-29T08:00:00Z",
                      "updatedAt": "2026-11-29T08:00:00Z",
                      "secret": "whsec_MfKQ9r8GKYqXt3JqAkJzV0sWW8xN2RbT"
                    }
                  }
                }
              }
            },
            "links": {
              "GetWebhookEndpoint": {
                "operationId": "getWebhookEndpoint",
                "parameters": {
                  "endpointId": "$response.body#/id"
                },
                "description": "The endpoint just created."
              },
              "UpdateWebhookEndpoint": {
                "operationId": "updateWebhookEndpoint",
                "parameters": {
                  "endpointId": "$response.body#/id"
                },
                "description": "Change the endpoint just created."
              },
              "DeleteWebhookEndpoint": {
                "operationId": "deleteWebhookEndpoint",
                "parameters": {
                  "endpointId": "$response.body#/id"
                },
                "description": "Delete the endpoint just created."
              },
              "RotateWebhookEndpointSecret": {
                "operationId": "rotateWebhookEndpointSecret",
                "parameters": {
                  "endpointId": "$response.body#/id"
                },
                "description": "Give the endpoint a new signing secret."
              },
              "SendTestWebhookEvent": {
                "operationId": "sendTestWebhookEvent",
                "parameters": {
                  "endpointId": "$response.body#/id"
                },
                "description": "Send the endpoint a test event."
              },
              "ListWebhookDeliveries": {
                "operationId": "listWebhookDeliveries",
                "parameters": {
                  "endpointId": "$response.body#/id"
                },
                "description": "What was sent to the endpoint."
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "409": {
            "$ref": "#/components/responses/WebhookConflict"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "422": {
            "$ref": "#/components/responses/IdempotencyKeyReused"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      }
    },
    "/api/v1/webhook-endpoints/{endpointId}": {
      "parameters": [
        {
          "$ref": "#/components/parameters/WebhookEndpointId"
        }
      ],
      "get": {
        "operationId": "getWebhookEndpoint",
        "summary": "Get a webhook endpoint",
        "description": "The endpoint, without its secret; `disabledReason` says why a disabled endpoint was disabled.",
        "tags": [
          "Webhooks"
        ],
        "security": [
          {
            "apiKeyBearer": [
              "webhooks:write"
            ]
          },
          {
            "apiKeyHeader": [
              "webhooks:write"
            ]
          }
        ],
        "responses": {
          "200": {
            "description": "The endpoint.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Course-Environment": {
                "$ref": "#/components/headers/Course-Environment"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/WebhookEndpoint"
                },
                "examples": {
                  "endpoint": {
                    "$ref": "#/components/examples/WebhookEndpoint"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      },
      "patch": {
        "operationId": "updateWebhookEndpoint",
        "summary": "Update a webhook endpoint",
        "description": "Changes the fields sent. `enabled: true` re-enables an endpoint the service disabled (its\n`disabledReason` clears) and deliveries resume with events from then on; `enabled: false`\npauses it (`disabledReason: manual`; an endpoint the service disabled keeps its reason). A\nnew `url` is checked as on creation.\n",
        "tags": [
          "Webhooks"
        ],
        "security": [
          {
            "apiKeyBearer": [
              "webhooks:write"
            ]
          },
          {
            "apiKeyHeader": [
              "webhooks:write"
            ]
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/WebhookEndpointUpdate"
              },
              "examples": {
                "pause": {
                  "summary": "Pause deliveries",
                  "value": {
                    "enabled": false
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The updated endpoint.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Course-Environment": {
                "$ref": "#/components/headers/Course-Environment"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/WebhookEndpoint"
                },
                "examples": {
                  "endpoint": {
                    "$ref": "#/components/examples/WebhookEndpoint"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      },
      "delete": {
        "operationId": "deleteWebhookEndpoint",
        "summary": "Delete a webhook endpoint",
        "description": "Deletes the endpoint and its delivery log; nothing more is sent to it, pending retries included.",
        "tags": [
          "Webhooks"
        ],
        "security": [
          {
            "apiKeyBearer": [
              "webhooks:write"
            ]
          },
          {
            "apiKeyHeader": [
              "webhooks:write"
            ]
          }
        ],
        "responses": {
          "204": {
            "description": "Deleted.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Course-Environment": {
                "$ref": "#/components/headers/Course-Environment"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      }
    },
    "/api/v1/webhook-endpoints/{endpointId}/rotate-secret": {
      "parameters": [
        {
          "$ref": "#/components/parameters/WebhookEndpointId"
        }
      ],
      "post": {
        "operationId": "rotateWebhookEndpointSecret",
        "summary": "Rotate an endpoint's signing secret",
        "description": "Gives the endpoint a new signing secret, shown this once. The old secret keeps signing\nbeside the new one for `oldSecretExpiresIn` seconds (24 hours unless told, at most 7\ndays): each delivery's `webhook-signature` then carries both signatures, so a consumer\nswitches to the new secret without missing a delivery.\n",
        "tags": [
          "Webhooks"
        ],
        "security": [
          {
            "apiKeyBearer": [
              "webhooks:write"
            ]
          },
          {
            "apiKeyHeader": [
              "webhooks:write"
            ]
          }
        ],
        "requestBody": {
          "required": false,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/WebhookSecretRotation"
              },
              "examples": {
                "nextDay": {
                  "summary": "Both secrets sign for 24 hours (the default)",
                  "value": {}
                },
                "now": {
                  "summary": "The old secret stops at once (it leaked)",
                  "value": {
                    "oldSecretExpiresIn": 0
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The endpoint with its new secret. The secret is never shown again.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Course-Environment": {
                "$ref": "#/components/headers/Course-Environment"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control-No-Store"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/WebhookEndpointWithSecret"
                },
                "examples": {
                  "rotated": {
                    "summary": "The endpoint and its new secret",
                    "value": {
                      "id": "we_4kT9pLm2QxR7vW3z",
                      "url": "https://lms.example.com/hooks/courses",
                      "description": "Catalogue sync",
                      "eventTypes": [
                        "course.created",
                        "course.updated",
                        "course.published",
                        "course.archived"
                      ],
                      "environment": "prod",
                      "enabled": true,
                      "disabledReason": null,
                      "secretStart": "whsec_Zq81",
                      "createdAt": "2026-11-29T08:00:00Z",
                      "updatedAt": "2026-11-30T08:00:00Z",
                      "secret": "whsec_Zq81nB4vLw9XmK2pT7rY5sJd3QfH6cG0"
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      }
    },
    "/api/v1/webhook-endpoints/{endpointId}/test": {
      "parameters": [
        {
          "$ref": "#/components/parameters/WebhookEndpointId"
        }
      ],
      "post": {
        "operationId": "sendTestWebhookEvent",
        "summary": "Send a test event",
        "description": "Queues a `webhook.test` event for this endpoint alone, signed like any other, to check\nthat it receives and verifies deliveries. The answer is the queued delivery; follow it in\nthe endpoint's deliveries. Not in the events feed. A disabled endpoint answers\n`409 webhook_endpoint_disabled`.\n",
        "tags": [
          "Webhooks"
        ],
        "security": [
          {
            "apiKeyBearer": [
              "webhooks:write"
            ]
          },
          {
            "apiKeyHeader": [
              "webhooks:write"
            ]
          }
        ],
        "responses": {
          "202": {
            "description": "The delivery, queued.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Course-Environment": {
                "$ref": "#/components/headers/Course-Environment"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/WebhookDelivery"
                },
                "examples": {
                  "queued": {
                    "$ref": "#/components/examples/QueuedDelivery"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "409": {
            "$ref": "#/components/responses/WebhookConflict"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      }
    },
    "/api/v1/webhook-endpoints/{endpointId}/deliveries": {
      "parameters": [
        {
          "$ref": "#/components/parameters/WebhookEndpointId"
        }
      ],
      "get": {
        "operationId": "listWebhookDeliveries",
        "summary": "List an endpoint's deliveries",
        "description": "What was sent to the endpoint, newest first: each delivery's event, status, attempts, the\nlast attempt's response code and duration (or why it failed), and when the next retry is\ndue. The first attempt is made at once; a failed one is retried after 5 seconds, 5 minutes,\n30 minutes, 2 hours, 5 hours, 10 hours and 10 hours (8 attempts over about 28 hours). A\ndelivery that fails them all is `failed`, and its endpoint is disabled\n(`retries_exhausted`) unless another delivery to it succeeded meanwhile; an endpoint that\nanswers `410 Gone` is disabled at once (`endpoint_gone`). Kept for 30 days.\n",
        "tags": [
          "Webhooks"
        ],
        "security": [
          {
            "apiKeyBearer": [
              "webhooks:write"
            ]
          },
          {
            "apiKeyHeader": [
              "webhooks:write"
            ]
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/Limit"
          },
          {
            "$ref": "#/components/parameters/Cursor"
          },
          {
            "name": "status",
            "in": "query",
            "description": "Only deliveries in this state.",
            "schema": {
              "$ref": "#/components/schemas/WebhookDeliveryStatus"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "A page of deliveries, newest first.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Course-Environment": {
                "$ref": "#/components/headers/Course-Environment"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/WebhookDeliveryList"
                },
                "examples": {
                  "log": {
                    "summary": "One delivery, retrying",
                    "value": {
                      "data": [
                        {
                          "id": "dlv_8sQ2mN5xK7pL3vR9",
                          "endpointId": "we_4kT9pLm2QxR7vW3z",
                          "eventId": "evt_2Nq8xT5mK9pR3vL7",
                          "eventType": "course.created",
                          "status": "pending",
                          "attempts": 2,
                          "createdAt": "2026-11-29T09:00:00Z",
                          "lastAttemptAt": "2026-11-29T09:00:05Z",
                          "responseStatus": 500,
                          "durationMs": 87,
                          "error": null,
                          "nextAttemptAt": "2026-11-29T09:30:05Z"
                        }
                      ],
                      "hasMore": false,
                      "nextCursor": null
                    }
                  }
                }
              }
            },
            "links": {
              "NextPage": {
                "operationId": "listWebhookDeliveries",
                "parameters": {
                  "endpointId": "$request.path.endpointId",
                  "cursor": "$response.body#/nextCursor",
                  "limit": "$request.query.limit",
                  "status": "$request.query.status"
                },
                "description": "The next page, with the same page size and filter, while `hasMore` is true."
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      }
    },
    "/api/v1/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/redeliver": {
      "parameters": [
        {
          "$ref": "#/components/parameters/WebhookEndpointId"
        },
        {
          "name": "deliveryId",
          "in": "path",
          "required": true,
          "description": "The delivery's id.",
          "schema": {
            "$ref": "#/components/schemas/WebhookDeliveryId"
          }
        }
      ],
      "post": {
        "operationId": "redeliverWebhookDelivery",
        "summary": "Redeliver an event",
        "description": "Queues the delivery's event again for this endpoint, as a new delivery with a fresh retry\nschedule and the same `webhook-id` (the event's id), so a consumer that already has it\nrecognises it. A disabled endpoint answers `409 webhook_endpoint_disabled`.\n",
        "tags": [
          "Webhooks"
        ],
        "security": [
          {
            "apiKeyBearer": [
              "webhooks:write"
            ]
          },
          {
            "apiKeyHeader": [
              "webhooks:write"
            ]
          }
        ],
        "responses": {
          "202": {
            "description": "The new delivery, queued.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Course-Environment": {
                "$ref": "#/components/headers/Course-Environment"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/WebhookDelivery"
                },
                "examples": {
                  "queued": {
                    "$ref": "#/components/examples/QueuedDelivery"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "409": {
            "$ref": "#/components/responses/WebhookConflict"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      }
    },
    "/api/v1/test-data": {
      "delete": {
        "operationId": "resetTestData",
        "summary": "Reset the test environment",
        "description": "Deletes every course of the caller's account in the `test` environment, whatever its state.\nProduction data is never touched. Takes an ID token only: no API key, test or production,\ncan reach it. Keys are kept. Records no events: the courses it deletes get no\n`course.deleted`.\n",
        "tags": [
          "Test environment"
        ],
        "security": [
          {
            "idToken": []
          }
        ],
        "x-mcp-tool": false,
        "responses": {
          "200": {
            "description": "The sandbox is empty.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/TestDataReset"
                },
                "examples": {
                  "reset": {
                    "summary": "Three test courses deleted",
                    "value": {
                      "environment": "test",
                      "deletedCourses": 3
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      }
    },
    "/api/openapi": {
      "get": {
        "operationId": "getOpenApiDocument",
        "summary": "This OpenAPI description",
        "description": "The OpenAPI 3.1 description of the service, as JSON. Supports `If-None-Match`.",
        "tags": [
          "Service"
        ],
        "parameters": [
          {
            "name": "If-None-Match",
            "in": "header",
            "description": "An `ETag` from an earlier response.",
            "schema": {
              "type": "string",
              "maxLength": 256
            }
          }
        ],
        "responses": {
          "200": {
            "description": "The OpenAPI description.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "ETag": {
                "$ref": "#/components/headers/ETag"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/Cache-Control-Public"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "required": [
                    "openapi",
                    "info",
                    "paths"
                  ],
                  "properties": {
                    "openapi": {
                      "type": "string",
                      "pattern": "^3\\.1\\.\\d+$"
                    },
                    "info": {
                      "type": "object"
                    },
                    "paths": {
                      "type": "object"
                    }
                  }
                },
                "examples": {
                  "document": {
                    "summary": "The start of the document",
                    "value": {
                      "openapi": "3.1.0",
                      "info": {
                        "title": "Course Management Service",
                        "version": "1.8.0"
                      },
                      "paths": {}
                    }
                  }
                }
              }
            }
          },
          "304": {
            "description": "Not modified since the `ETag` given in `If-None-Match`.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "ETag": {
                "$ref": "#/components/headers/ETag"
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          }
        }
      }
    },
    "/healthz": {
      "get": {
        "operationId": "getHealth",
        "summary": "Liveness and readiness",
        "description": "Checks each dependency the instance needs to answer correctly: its database (the embedded\nstore, or PostgreSQL when configured) and, when configured, the Redis that holds the shared\nrate limits. `200` when all are up; `503` naming the one that is down, so a load balancer\ntakes the instance out of rotation.\n",
        "tags": [
          "Service"
        ],
        "responses": {
          "200": {
            "description": "The service is up and every dependency answers.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Health"
                },
                "examples": {
                  "ok": {
                    "summary": "Healthy",
                    "value": {
                      "status": "ok",
                      "version": "1.8.0",
                      "checks": {
                        "database": {
                          "status": "up"
                        },
                        "redis": {
                          "status": "up"
                        }
                      }
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "description": "A dependency does not answer; the body says which.",
            "x-contract-untestable": "A healthy deployment's dependencies are up; the server's own tests stop one to see 503.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Health"
                },
                "examples": {
                  "redisDown": {
                    "summary": "Redis unreachable",
                    "value": {
                      "status": "unavailable",
                      "version": "1.8.0",
                      "checks": {
                        "database": {
                          "status": "up"
                        },
                        "redis": {
                          "status": "down",
                          "detail": "Redis does not answer."
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    },
    "/mcp": {
      "post": {
        "operationId": "mcp",
        "summary": "Model Context Protocol endpoint",
        "description": "The service's MCP face: Streamable HTTP, stateless (no sessions; `GET` and `DELETE` answer\n`405`), one JSON response per request. Serves protocol revisions `2026-07-28` and\n`2025-11-25` (and the older 2025 revisions) from the same endpoint. Its tools mirror the\ncourse operations (`list_courses`, `get_course`, `create_course`, `update_course`,\n`publish_course`, `archive_course`, `restore_course`, `delete_course`), with input and output\nschemas derived from this document; domain errors come back as tool results with\n`isError: true` and a message saying how to fix the call.\n\n- **Master key** (`mcpMasterKey`): every tool, each with an explicit `owner` argument,\n  including key management (`list_api_keys`, `create_api_key`, `revoke_api_key`). Its\n  course tools act on production data only.\n- **API key** (`apiKeyBearer`): the course tools its scopes allow, acting on its own\n  account in its key's environment (a test key's tools see only its sandbox); calls are\n  re-checked against the scopes.\n- **ID token** of the identity provider: every tool, acting for its subject (production\n  courses, the subject's own keys). A `401` names the protected resource metadata\n  (`resource_metadata`, RFC 9728) so that MCP clients can sign in.\n\nResources: the API description and each visible course (`course://{courseId}`), listed and\nread through `listCourses` and `getCourse`. `?readonly=1` and `?tools=name,…` (or the\nheaders `X-MCP-Readonly`, `X-MCP-Tools`) narrow the tools a client sees and may call:\n`readonly` takes `1`, `true`, `yes`, `on` (or `0`, `false`, `no`, `off`), any case; `tools`\ntakes tool names or operationIds, comma-separated. The endpoint reads them itself, like the\nJSON-RPC body, so they are described here rather than declared as parameters; a malformed\none, or an unknown tool, is a `400` with JSON-RPC `-32602`.\n\nEvery request is authenticated (`401` with `WWW-Authenticate` before any MCP processing),\ncounts against the caller's course rate limit like a REST call, and is refused with `403`\nwhen it carries an `Origin` that is not in `MCP_ALLOWED_ORIGINS` (or, on a server bound to a\nloopback address, a non-loopback `Host`). A page on an origin it accepts is a browser MCP\nclient: every answer at `/mcp` (errors, and the `405` of other methods, included) carries\n`Access-Control-Allow-Origin` with that origin and exposes `WWW-Authenticate`, the\nrate-limit headers and `X-Request-Id`, and its CORS preflights answer `204`, allowing `POST`\nand the request headers they name.\n",
        "tags": [
          "Service"
        ],
        "x-handled-by": "mcp",
        "security": [
          {
            "mcpMasterKey": []
          },
          {
            "apiKeyBearer": []
          },
          {
            "idToken": []
          }
        ],
        "parameters": [
          {
            "name": "MCP-Protocol-Version",
            "in": "header",
            "description": "The negotiated protocol revision, sent by clients after initialization.",
            "schema": {
              "type": "string",
              "examples": [
                "2026-07-28",
                "2025-11-25"
              ]
            }
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "description": "A JSON-RPC 2.0 request or notification, as defined by the MCP specification.",
                "type": "object",
                "required": [
                  "jsonrpc",
                  "method"
                ],
                "properties": {
                  "jsonrpc": {
                    "type": "string",
                    "const": "2.0"
                  },
                  "id": {
                    "type": [
                      "string",
                      "integer"
                    ]
                  },
                  "method": {
                    "type": "string",
                    "examples": [
                      "initialize",
                      "tools/list",
                      "tools/call"
                    ]
                  },
                  "params": {
                    "type": "object"
                  }
                }
              },
              "examples": {
                "listTools": {
                  "summary": "List the tools this credential may use",
                  "value": {
                    "jsonrpc": "2.0",
                    "id": 1,
                    "method": "tools/list"
                  }
                },
                "callTool": {
                  "summary": "Call a tool",
                  "value": {
                    "jsonrpc": "2.0",
                    "id": 2,
                    "method": "tools/call",
                    "params": {
                      "name": "create_course",
                      "arguments": {
                        "name": "Introduction to Databases",
                        "description": "Relational modelling, SQL and transactions."
                      }
                    }
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The JSON-RPC response. Tool failures are results with `isError: true`; unknown tools and malformed requests are JSON-RPC errors.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "description": "A JSON-RPC 2.0 response.",
                  "type": "object",
                  "required": [
                    "jsonrpc"
                  ],
                  "properties": {
                    "jsonrpc": {
                      "type": "string",
                      "const": "2.0"
                    },
                    "id": {
                      "type": [
                        "string",
                        "integer",
                        "null"
                      ]
                    },
                    "result": {
                      "type": "object"
                    },
                    "error": {
                      "type": "object",
                      "required": [
                        "code",
                        "message"
                      ],
                      "properties": {
                        "code": {
                          "type": "integer"
                        },
                        "message": {
                          "type": "string"
                        },
                        "data": {}
                      }
                    }
                  }
                },
                "examples": {
                  "tools": {
                    "summary": "A tool list",
                    "value": {
                      "jsonrpc": "2.0",
                      "id": 1,
                      "result": {
                        "tools": [
                          {
                            "name": "get_course",
                            "title": "Get a course",
                            "inputSchema": {
                              "type": "object",
                              "properties": {
                                "courseId": {
                                  "type": "string",
                                  "pattern": "^crs_[0-9A-Za-z]{16}$"
                                }
                              },
                              "required": [
                                "courseId"
                              ]
                            }
                          }
                        ]
                      }
                    }
                  }
                }
              }
            }
          },
          "202": {
            "description": "A notification or response was accepted; no body.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              }
            }
          },
          "400": {
            "description": "The body is not JSON (`-32700`), not a valid JSON-RPC message (`-32600`), or names an unsupported protocol revision; or the tool filter (`readonly`, `tools`, `X-MCP-Readonly`, `X-MCP-Tools`, read by the MCP endpoint itself as the description says) is malformed or names an unknown tool (`-32602`).",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "description": "A JSON-RPC 2.0 error response.",
                  "type": "object",
                  "required": [
                    "jsonrpc",
                    "error"
                  ],
                  "properties": {
                    "jsonrpc": {
                      "type": "string",
                      "const": "2.0"
                    },
                    "id": {
                      "type": [
                        "string",
                        "integer",
                        "null"
                      ]
                    },
                    "error": {
                      "type": "object",
                      "required": [
                        "code",
                        "message"
                      ],
                      "properties": {
                        "code": {
                          "type": "integer"
                        },
                        "message": {
                          "type": "string"
                        },
                        "data": {}
                      }
                    }
                  }
                },
                "examples": {
                  "parse": {
                    "summary": "Malformed JSON",
                    "value": {
                      "jsonrpc": "2.0",
                      "id": null,
                      "error": {
                        "code": -32700,
                        "message": "Parse error: Invalid JSON"
                      }
                    }
                  }
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "description": "The request's `Origin` (or, on a loopback-bound server, `Host`) is not allowed.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "description": "A JSON-RPC 2.0 error response.",
                  "type": "object",
                  "required": [
                    "jsonrpc",
                    "error"
                  ],
                  "properties": {
                    "jsonrpc": {
                      "type": "string",
                      "const": "2.0"
                    },
                    "id": {
                      "type": [
                        "string",
                        "integer",
                        "null"
                      ]
                    },
                    "error": {
                      "type": "object",
                      "required": [
                        "code",
                        "message"
                      ],
                      "properties": {
                        "code": {
                          "type": "integer"
                        },
                        "message": {
                          "type": "string"
                        },
                        "data": {}
                      }
                    }
                  }
                },
                "examples": {
                  "origin": {
                    "summary": "A cross-site request",
                    "value": {
                      "jsonrpc": "2.0",
                      "id": null,
                      "error": {
                        "code": -32000,
                        "message": "Origin 'https://evil.example' is not allowed to call this MCP endpoint (see MCP_ALLOWED_ORIGINS)."
                      }
                    }
                  }
                }
              }
            }
          },
          "413": {
            "description": "The body is larger than the server accepts (`BODY_LIMIT_BYTES`).",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "description": "A JSON-RPC 2.0 error response.",
                  "type": "object",
                  "required": [
                    "jsonrpc",
                    "error"
                  ],
                  "properties": {
                    "jsonrpc": {
                      "type": "string",
                      "const": "2.0"
                    },
                    "id": {
                      "type": [
                        "string",
                        "integer",
                        "null"
                      ]
                    },
                    "error": {
                      "type": "object",
                      "required": [
                        "code",
                        "message"
                      ],
                      "properties": {
                        "code": {
                          "type": "integer"
                        },
                        "message": {
                          "type": "string"
                        },
                        "data": {}
                      }
                    }
                  }
                }
              }
            }
          },
          "415": {
            "description": "The request has no body, or its `Content-Type` is not `application/json`.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "description": "A JSON-RPC 2.0 error response.",
                  "type": "object",
                  "required": [
                    "jsonrpc",
                    "error"
                  ],
                  "properties": {
                    "jsonrpc": {
                      "type": "string",
                      "const": "2.0"
                    },
                    "id": {
                      "type": [
                        "string",
                        "integer",
                        "null"
                      ]
                    },
                    "error": {
                      "type": "object",
                      "required": [
                        "code",
                        "message"
                      ],
                      "properties": {
                        "code": {
                          "type": "integer"
                        },
                        "message": {
                          "type": "string"
                        },
                        "data": {}
                      }
                    }
                  }
                }
              }
            }
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      }
    }
  },
  "webhooks": {
    "course.created": {
      "post": {
        "operationId": "courseCreatedWebhook",
        "summary": "A course was created",
        "description": "Posted to each enabled endpoint whose `eventTypes` include `course.created` (or `*`), signed as\nStandard Webhooks describes. Answer any `2xx` within 15 seconds to acknowledge it;\nanything else is retried on the schedule, and `410 Gone` disables the endpoint.\n",
        "tags": [
          "Webhooks"
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/webhook-id"
          },
          {
            "$ref": "#/components/parameters/webhook-timestamp"
          },
          {
            "$ref": "#/components/parameters/webhook-signature"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "allOf": [
                  {
                    "$ref": "#/components/schemas/CourseEvent"
                  },
                  {
                    "type": "object",
                    "properties": {
                      "type": {
                        "const": "course.created"
                      }
                    }
                  }
                ]
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Received. Any 2xx status acknowledges the delivery; its body is ignored."
          },
          "410": {
            "description": "Gone. The endpoint is disabled and nothing more is sent to it."
          }
        }
      }
    },
    "course.updated": {
      "post": {
        "operationId": "courseUpdatedWebhook",
        "summary": "A course's name or description changed",
        "description": "Posted to each enabled endpoint whose `eventTypes` include `course.updated` (or `*`), signed as\nStandard Webhooks describes. Answer any `2xx` within 15 seconds to acknowledge it;\nanything else is retried on the schedule, and `410 Gone` disables the endpoint.\n",
        "tags": [
          "Webhooks"
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/webhook-id"
          },
          {
            "$ref": "#/components/parameters/webhook-timestamp"
          },
          {
            "$ref": "#/components/parameters/webhook-signature"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "allOf": [
                  {
                    "$ref": "#/components/schemas/CourseEvent"
                  },
                  {
                    "type": "object",
                    "properties": {
                      "type": {
                        "const": "course.updated"
                      }
                    }
                  }
                ]
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Received. Any 2xx status acknowledges the delivery; its body is ignored."
          },
          "410": {
            "description": "Gone. The endpoint is disabled and nothing more is sent to it."
          }
        }
      }
    },
    "course.published": {
      "post": {
        "operationId": "coursePublishedWebhook",
        "summary": "A course was published",
        "description": "Posted to each enabled endpoint whose `eventTypes` include `course.published` (or `*`), signed as\nStandard Webhooks describes. Answer any `2xx` within 15 seconds to acknowledge it;\nanything else is retried on the schedule, and `410 Gone` disables the endpoint.\n",
        "tags": [
          "Webhooks"
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/webhook-id"
          },
          {
            "$ref": "#/components/parameters/webhook-timestamp"
          },
          {
            "$ref": "#/components/parameters/webhook-signature"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "allOf": [
                  {
                    "$ref": "#/components/schemas/CourseEvent"
                  },
                  {
                    "type": "object",
                    "properties": {
                      "type": {
                        "const": "course.published"
                      }
                    }
                  }
                ]
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Received. Any 2xx status acknowledges the delivery; its body is ignored."
          },
          "410": {
            "description": "Gone. The endpoint is disabled and nothing more is sent to it."
          }
        }
      }
    },
    "course.archived": {
      "post": {
        "operationId": "courseArchivedWebhook",
        "summary": "A course was archived",
        "description": "Posted to each enabled endpoint whose `eventTypes` include `course.archived` (or `*`), signed as\nStandard Webhooks describes. Answer any `2xx` within 15 seconds to acknowledge it;\nanything else is retried on the schedule, and `410 Gone` disables the endpoint.\n",
        "tags": [
          "Webhooks"
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/webhook-id"
          },
          {
            "$ref": "#/components/parameters/webhook-timestamp"
          },
          {
            "$ref": "#/components/parameters/webhook-signature"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "allOf": [
                  {
                    "$ref": "#/components/schemas/CourseEvent"
                  },
                  {
                    "type": "object",
                    "properties": {
                      "type": {
                        "const": "course.archived"
                      }
                    }
                  }
                ]
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Received. Any 2xx status acknowledges the delivery; its body is ignored."
          },
          "410": {
            "description": "Gone. The endpoint is disabled and nothing more is sent to it."
          }
        }
      }
    },
    "course.restored": {
      "post": {
        "operationId": "courseRestoredWebhook",
        "summary": "An archived course was restored to draft",
        "description": "Posted to each enabled endpoint whose `eventTypes` include `course.restored` (or `*`), signed as\nStandard Webhooks describes. Answer any `2xx` within 15 seconds to acknowledge it;\nanything else is retried on the schedule, and `410 Gone` disables the endpoint.\n",
        "tags": [
          "Webhooks"
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/webhook-id"
          },
          {
            "$ref": "#/components/parameters/webhook-timestamp"
          },
          {
            "$ref": "#/components/parameters/webhook-signature"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "allOf": [
                  {
                    "$ref": "#/components/schemas/CourseEvent"
                  },
                  {
                    "type": "object",
                    "properties": {
                      "type": {
                        "const": "course.restored"
                      }
                    }
                  }
                ]
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Received. Any 2xx status acknowledges the delivery; its body is ignored."
          },
          "410": {
            "description": "Gone. The endpoint is disabled and nothing more is sent to it."
          }
        }
      }
    },
    "course.deleted": {
      "post": {
        "operationId": "courseDeletedWebhook",
        "summary": "A course was deleted",
        "description": "Posted to each enabled endpoint whose `eventTypes` include `course.deleted` (or `*`), signed as\nStandard Webhooks describes. Answer any `2xx` within 15 seconds to acknowledge it;\nanything else is retried on the schedule, and `410 Gone` disables the endpoint.\n",
        "tags": [
          "Webhooks"
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/webhook-id"
          },
          {
            "$ref": "#/components/parameters/webhook-timestamp"
          },
          {
            "$ref": "#/components/parameters/webhook-signature"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "allOf": [
                  {
                    "$ref": "#/components/schemas/CourseEvent"
                  },
                  {
                    "type": "object",
                    "properties": {
                      "type": {
                        "const": "course.deleted"
                      }
                    }
                  }
                ]
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Received. Any 2xx status acknowledges the delivery; its body is ignored."
          },
          "410": {
            "description": "Gone. The endpoint is disabled and nothing more is sent to it."
          }
        }
      }
    },
    "api_key.created": {
      "post": {
        "operationId": "apiKeyCreatedWebhook",
        "summary": "An API key was created",
        "description": "Posted to each enabled endpoint whose `eventTypes` include `api_key.created` (or `*`), signed as\nStandard Webhooks describes. Answer any `2xx` within 15 seconds to acknowledge it;\nanything else is retried on the schedule, and `410 Gone` disables the endpoint.\n",
        "tags": [
          "Webhooks"
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/webhook-id"
          },
          {
            "$ref": "#/components/parameters/webhook-timestamp"
          },
          {
            "$ref": "#/components/parameters/webhook-signature"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "allOf": [
                  {
                    "$ref": "#/components/schemas/ApiKeyChangeEvent"
                  },
                  {
                    "type": "object",
                    "properties": {
                      "type": {
                        "const": "api_key.created"
                      }
                    }
                  }
                ]
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Received. Any 2xx status acknowledges the delivery; its body is ignored."
          },
          "410": {
            "description": "Gone. The endpoint is disabled and nothing more is sent to it."
          }
        }
      }
    },
    "api_key.rolled": {
      "post": {
        "operationId": "apiKeyRolledWebhook",
        "summary": "An API key was rolled (`data` is the new key)",
        "description": "Posted to each enabled endpoint whose `eventTypes` include `api_key.rolled` (or `*`), signed as\nStandard Webhooks describes. Answer any `2xx` within 15 seconds to acknowledge it;\nanything else is retried on the schedule, and `410 Gone` disables the endpoint.\n",
        "tags": [
          "Webhooks"
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/webhook-id"
          },
          {
            "$ref": "#/components/parameters/webhook-timestamp"
          },
          {
            "$ref": "#/components/parameters/webhook-signature"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "allOf": [
                  {
                    "$ref": "#/components/schemas/ApiKeyChangeEvent"
                  },
                  {
                    "type": "object",
                    "properties": {
                      "type": {
                        "const": "api_key.rolled"
                      }
                    }
                  }
                ]
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Received. Any 2xx status acknowledges the delivery; its body is ignored."
          },
          "410": {
            "description": "Gone. The endpoint is disabled and nothing more is sent to it."
          }
        }
      }
    },
    "api_key.revoked": {
      "post": {
        "operationId": "apiKeyRevokedWebhook",
        "summary": "An API key was revoked",
        "description": "Posted to each enabled endpoint whose `eventTypes` include `api_key.revoked` (or `*`), signed as\nStandard Webhooks describes. Answer any `2xx` within 15 seconds to acknowledge it;\nanything else is retried on the schedule, and `410 Gone` disables the endpoint.\n",
        "tags": [
          "Webhooks"
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/webhook-id"
          },
          {
            "$ref": "#/components/parameters/webhook-timestamp"
          },
          {
            "$ref": "#/components/parameters/webhook-signature"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "allOf": [
                  {
                    "$ref": "#/components/schemas/ApiKeyChangeEvent"
                  },
                  {
                    "type": "object",
                    "properties": {
                      "type": {
                        "const": "api_key.revoked"
                      }
                    }
                  }
                ]
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Received. Any 2xx status acknowledges the delivery; its body is ignored."
          },
          "410": {
            "description": "Gone. The endpoint is disabled and nothing more is sent to it."
          }
        }
      }
    },
    "webhook.test": {
      "post": {
        "operationId": "webhookTestWebhook",
        "summary": "A test event, sent on request to one endpoint",
        "description": "Posted to each enabled endpoint whose `eventTypes` include `webhook.test` (or `*`), signed as\nStandard Webhooks describes. Answer any `2xx` within 15 seconds to acknowledge it;\nanything else is retried on the schedule, and `410 Gone` disables the endpoint.\n",
        "tags": [
          "Webhooks"
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/webhook-id"
          },
          {
            "$ref": "#/components/parameters/webhook-timestamp"
          },
          {
            "$ref": "#/components/parameters/webhook-signature"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "allOf": [
                  {
                    "$ref": "#/components/schemas/TestEvent"
                  },
                  {
                    "type": "object",
                    "properties": {
                      "type": {
                        "const": "webhook.test"
                      }
                    }
                  }
                ]
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Received. Any 2xx status acknowledges the delivery; its body is ignored."
          },
          "410": {
            "description": "Gone. The endpoint is disabled and nothing more is sent to it."
          }
        }
      }
    }
  },
  "components": {
    "securitySchemes": {
      "apiKeyBearer": {
        "type": "http",
        "scheme": "bearer",
        "bearerFormat": "API key",
        "description": "An API key as `Authorization: Bearer <API_KEY>`. Role names in security requirements are\nthe key scopes an operation needs: `courses:read` to read courses, `courses:write` to\ncreate, change, transition and delete them.\n"
      },
      "apiKeyHeader": {
        "type": "apiKey",
        "in": "header",
        "name": "X-API-Key",
        "description": "An API key in the `X-API-Key` header. Same scopes as `apiKeyBearer`."
      },
      "idToken": {
        "type": "http",
        "scheme": "bearer",
        "bearerFormat": "JWT",
        "description": "An OpenID Connect ID token (RS256 or ES256) from the configured identity provider, as\n`Authorization: Bearer <ID_TOKEN>`. Required claims: `iss`, `aud`, `exp`, `iat`, `sub`.\n"
      },
      "mcpMasterKey": {
        "type": "http",
        "scheme": "bearer",
        "description": "The master API key from the `MCP_MASTER_API_KEY` environment variable, for Model Context\nProtocol clients. It grants every MCP tool, including administrative ones. Master mode is\noff when the variable is unset or empty.\n"
      }
    },
    "parameters": {
      "WebhookEndpointId": {
        "name": "endpointId",
        "in": "path",
        "required": true,
        "description": "The webhook endpoint's id.",
        "schema": {
          "$ref": "#/components/schemas/WebhookEndpointId"
        }
      },
      "webhook-id": {
        "name": "webhook-id",
        "in": "header",
        "required": true,
        "description": "The event's id; the same on every attempt and redelivery. Deduplicate on it.",
        "schema": {
          "$ref": "#/components/schemas/EventId"
        }
      },
      "webhook-timestamp": {
        "name": "webhook-timestamp",
        "in": "header",
        "required": true,
        "description": "When this attempt was signed, in seconds since the Unix epoch. Refuse one far from now (5 minutes is usual).",
        "schema": {
          "type": "string",
          "pattern": "^[0-9]{1,12}$"
        }
      },
      "webhook-signature": {
        "name": "webhook-signature",
        "in": "header",
        "required": true,
        "description": "`v1,<base64 HMAC-SHA256 of \"<webhook-id>.<webhook-timestamp>.<body>\">` under the secret's\nkey, space-separated, one per secret signing (two during a rotation's overlap). Any one\nmatching proves the delivery.\n",
        "schema": {
          "type": "string",
          "pattern": "^v1,[A-Za-z0-9+/]+=*( v1,[A-Za-z0-9+/]+=*)*$"
        }
      },
      "CourseId": {
        "name": "courseId",
        "in": "path",
        "required": true,
        "description": "The course's id.",
        "schema": {
          "$ref": "#/components/schemas/CourseId"
        }
      },
      "Limit": {
        "name": "limit",
        "in": "query",
        "description": "Page size.",
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      "Cursor": {
        "name": "cursor",
        "in": "query",
        "description": "The `nextCursor` of the previous page. Opaque; absent for the first page.",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 200,
          "pattern": "^[A-Za-z0-9_-]+$"
        }
      },
      "Idempotency-Key": {
        "name": "Idempotency-Key",
        "in": "header",
        "description": "A unique value (a UUID is a good choice) that makes the request safe to retry for 24 hours.\n",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "pattern": "^[\\x21-\\x7E]+$"
        }
      },
      "If-None-Match": {
        "name": "If-None-Match",
        "in": "header",
        "description": "`ETag`s from earlier responses (comma-separated, `W/` prefixes allowed, or `*`). When one\nmatches the current representation the answer is `304 Not Modified` without a body; it\nstill counts against the rate limit.\n",
        "example": "\"1x2kq8a0f3nbw4tk7h1d9c\"",
        "schema": {
          "type": "string",
          "maxLength": 1024
        }
      }
    },
    "headers": {
      "X-Request-Id": {
        "description": "The request's id, also in every log line and problem body. Echoes a well-formed `X-Request-Id` sent by the client.",
        "required": true,
        "schema": {
          "type": "string",
          "pattern": "^[A-Za-z0-9._:-]{1,128}$"
        }
      },
      "Course-Environment": {
        "description": "The environment that answered: `prod`, or `test` for a test key's sandbox. Sent on every\nresponse to a request authenticated with an API key, errors included, so a sandbox answer is\nnever mistaken for a production one.\n",
        "required": true,
        "schema": {
          "$ref": "#/components/schemas/KeyEnvironment"
        }
      },
      "RateLimit-Policy": {
        "description": "The quota policy, e.g. `\"courses\";q=100;w=60` (q requests per w seconds). Policies:\n`courses` (per production key), `courses-test` (per test key), `api-keys` (per ID-token\nsubject), `key-creation` (keys created, per subject), `auth-failures` (failed\nauthentication, per client address).\n",
        "required": true,
        "schema": {
          "type": "string",
          "pattern": "^\"[a-z-]+\";q=\\d+;w=\\d+$"
        }
      },
      "RateLimit": {
        "description": "What is left of the quota, e.g. `\"courses\";r=99;t=42` (r requests left, reset in t seconds).",
        "required": true,
        "schema": {
          "type": "string",
          "pattern": "^\"[a-z-]+\";r=\\d+;t=\\d+$"
        }
      },
      "Retry-After": {
        "description": "Seconds to wait before retrying; never earlier than the window's reset.",
        "required": true,
        "schema": {
          "type": "integer",
          "minimum": 1
        }
      },
      "Retry-After-Ms": {
        "description": "The wait of `Retry-After` in milliseconds, for clients that read this header first (the SDKs\nof the Stainless family, and this service's SDK).\n",
        "required": true,
        "schema": {
          "type": "integer",
          "minimum": 1
        }
      },
      "WWW-Authenticate": {
        "description": "The expected credential, as a Bearer challenge (RFC 6750).",
        "required": true,
        "schema": {
          "type": "string",
          "pattern": "^Bearer realm="
        }
      },
      "Location": {
        "description": "The created resource's URL.",
        "required": true,
        "schema": {
          "type": "string"
        }
      },
      "Idempotent-Replayed": {
        "description": "`true` when this response is a replay of an earlier request with the same `Idempotency-Key`.",
        "schema": {
          "type": "string",
          "enum": [
            "true"
          ]
        }
      },
      "Cache-Control-No-Store": {
        "description": "The response holds a secret and must not be stored.",
        "required": true,
        "schema": {
          "type": "string",
          "const": "no-store"
        }
      },
      "Cache-Control-Public": {
        "description": "How long the document may be cached.",
        "required": true,
        "schema": {
          "type": "string"
        }
      },
      "ETag": {
        "description": "A strong validator of the representation sent; changes whenever its bytes do. Send it back in `If-None-Match`.",
        "required": true,
        "example": "\"1b2c4e8f0a3d5c71e04f9a2b6c8d\"",
        "schema": {
          "type": "string",
          "pattern": "^\"[A-Za-z0-9_-]+\"$"
        }
      }
    },
    "examples": {
      "CourseCreatedEvent": {
        "summary": "A course was created",
        "value": {
          "id": "evt_2Nq8xT5mK9pR3vL7",
          "type": "course.created",
          "timestamp": "2026-11-29T09:00:00Z",
          "environment": "prod",
          "data": {
            "id": "crs_7GfK2pQm9XwLz4Rt",
            "name": "Introduction to Databases",
            "description": "Relational modelling, SQL and transactions.",
            "status": "draft",
            "createdAt": "2026-11-29T09:00:00Z",
            "updatedAt": "2026-11-29T09:00:00Z",
            "publishedAt": null,
            "archivedAt": null,
            "environment": "prod"
          }
        }
      },
      "WebhookEndpoint": {
        "summary": "An enabled endpoint",
        "value": {
          "id": "we_4kT9pLm2QxR7vW3z",
          "url": "https://lms.example.com/hooks/courses",
          "description": "Catalogue sync",
          "eventTypes": [
            "course.created",
            "course.updated",
            "course.published",
            "course.archived"
          ],
          "environment": "prod",
          "enabled": true,
          "disabledReason": null,
          "secretStart": "whsec_MfKQ",
          "createdAt": "2026-11-29T08:00:00Z",
          "updatedAt": "2026-11-29T08:00:00Z"
        }
      },
      "QueuedDelivery": {
        "summary": "A delivery waiting for its first attempt",
        "value": {
          "id": "dlv_8sQ2mN5xK7pL3vR9",
          "endpointId": "we_4kT9pLm2QxR7vW3z",
          "eventId": "evt_2Nq8xT5mK9pR3vL7",
          "eventType": "webhook.test",
          "status": "pending",
          "attempts": 0,
          "createdAt": "2026-11-29T09:00:00Z",
          "lastAttemptAt": null,
          "responseStatus": null,
          "durationMs": null,
          "error": null,
          "nextAttemptAt": "2026-11-29T09:00:00Z"
        }
      },
      "DraftCourse": {
        "summary": "A draft course",
        "value": {
          "id": "crs_7GfK2pQm9XwLz4Rt",
          "name": "Introduction to Databases",
          "description": "Relational modelling, SQL and transactions.",
          "status": "draft",
          "createdAt": "2026-11-20T09:30:00Z",
          "updatedAt": "2026-11-20T09:30:00Z",
          "publishedAt": null,
          "archivedAt": null,
          "environment": "prod"
        }
      }
    },
    "responses": {
      "NotModified": {
        "description": "Not modified: the representation still has the `ETag` given in `If-None-Match`, so the copy\nthe client holds is current. No body.\n",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          },
          "RateLimit-Policy": {
            "$ref": "#/components/headers/RateLimit-Policy"
          },
          "RateLimit": {
            "$ref": "#/components/headers/RateLimit"
          },
          "ETag": {
            "$ref": "#/components/headers/ETag"
          }
        }
      },
      "CourseTransitioned": {
        "description": "The course in its new state.",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          },
          "Course-Environment": {
            "$ref": "#/components/headers/Course-Environment"
          },
          "RateLimit-Policy": {
            "$ref": "#/components/headers/RateLimit-Policy"
          },
          "RateLimit": {
            "$ref": "#/components/headers/RateLimit"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Course"
            },
            "examples": {
              "published": {
                "summary": "A published course",
                "value": {
                  "id": "crs_7GfK2pQm9XwLz4Rt",
                  "name": "Introduction to Databases",
                  "description": "Relational modelling, SQL and transactions.",
                  "status": "published",
                  "createdAt": "2026-11-20T09:30:00Z",
                  "updatedAt": "2026-11-20T10:00:00Z",
                  "publishedAt": "2026-11-20T10:00:00Z",
                  "archivedAt": null,
                  "environment": "prod"
                }
              }
            }
          }
        }
      },
      "BadRequest": {
        "description": "The request is malformed: a field breaks the schema (`validation_failed`, one entry per\nfield in `errors`; a query parameter the operation does not take is one), the body is not\nvalid JSON (`malformed_json`), or the cursor is not one this service issued\n(`invalid_cursor`).\n",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "validation": {
                "summary": "A field breaks the schema",
                "value": {
                  "type": "urn:course-service:problem:validation_failed",
                  "title": "Validation failed",
                  "status": 400,
                  "detail": "The request has 1 invalid field.",
                  "instance": "/api/v1/courses",
                  "code": "validation_failed",
                  "requestId": "4f1c2a7e-8d3b-4a51-9c0e-2b7d5e6f1a90",
                  "errors": [
                    {
                      "location": "body",
                      "pointer": "/name",
                      "detail": "must NOT have more than 200 characters"
                    }
                  ]
                }
              }
            }
          }
        }
      },
      "Unauthorized": {
        "description": "The credential is missing (`authentication_required`), malformed or unknown\n(`invalid_api_key`, `invalid_id_token`), revoked (`api_key_revoked`), expired\n(`api_key_expired`), or of the wrong kind for the operation (`wrong_credential_type`).\n",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          },
          "WWW-Authenticate": {
            "$ref": "#/components/headers/WWW-Authenticate"
          }
        },
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "missing": {
                "summary": "No credential sent",
                "value": {
                  "type": "urn:course-service:problem:authentication_required",
                  "title": "Authentication required",
                  "status": 401,
                  "detail": "Send an API key as 'Authorization: Bearer <API_KEY>' or 'X-API-Key: <API_KEY>'.",
                  "instance": "/api/v1/courses",
                  "code": "authentication_required",
                  "requestId": "4f1c2a7e-8d3b-4a51-9c0e-2b7d5e6f1a90"
                }
              }
            }
          }
        }
      },
      "Forbidden": {
        "description": "The API key lacks a scope the operation needs (`insufficient_scope`). Does not consume rate-limit quota.",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "scope": {
                "summary": "Missing scope",
                "value": {
                  "type": "urn:course-service:problem:insufficient_scope",
                  "title": "Insufficient scope",
                  "status": 403,
                  "detail": "This API key lacks the scope 'courses:write'.",
                  "instance": "/api/v1/courses",
                  "code": "insufficient_scope",
                  "requestId": "4f1c2a7e-8d3b-4a51-9c0e-2b7d5e6f1a90",
                  "missingScopes": [
                    "courses:write"
                  ]
                }
              }
            }
          }
        }
      },
      "NotFound": {
        "description": "No such resource belongs to the caller (`not_found`). Another owner's id answers exactly like a missing one.",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "missing": {
                "summary": "Unknown id",
                "value": {
                  "type": "urn:course-service:problem:not_found",
                  "title": "Not found",
                  "status": 404,
                  "detail": "No course 'crs_7GfK2pQm9XwLz4Rt' exists.",
                  "instance": "/api/v1/courses/crs_7GfK2pQm9XwLz4Rt",
                  "code": "not_found",
                  "requestId": "4f1c2a7e-8d3b-4a51-9c0e-2b7d5e6f1a90"
                }
              }
            }
          }
        }
      },
      "Conflict": {
        "description": "The course's state forbids the change: an illegal lifecycle transition\n(`invalid_transition`, with the allowed ones in `allowedTransitions`), an edit of an archived\ncourse (`course_archived`), or the deletion of a published one (`invalid_course_state`).\n",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "transition": {
                "summary": "Illegal transition",
                "value": {
                  "type": "urn:course-service:problem:invalid_transition",
                  "title": "Invalid transition",
                  "status": 409,
                  "detail": "A course in state 'archived' cannot be published. Allowed from 'archived': restore.",
                  "instance": "/api/v1/courses/crs_7GfK2pQm9XwLz4Rt/publish",
                  "code": "invalid_transition",
                  "requestId": "4f1c2a7e-8d3b-4a51-9c0e-2b7d5e6f1a90",
                  "currentStatus": "archived",
                  "allowedTransitions": [
                    "restore"
                  ]
                }
              }
            }
          }
        }
      },
      "IdempotencyConflict": {
        "description": "A request with the same `Idempotency-Key` is still being processed (`idempotency_request_in_progress`). Retry later.",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "inProgress": {
                "summary": "Concurrent duplicate",
                "value": {
                  "type": "urn:course-service:problem:idempotency_request_in_progress",
                  "title": "Request in progress",
                  "status": 409,
                  "detail": "A request with this Idempotency-Key is still being processed; retry shortly.",
                  "instance": "/api/v1/courses",
                  "code": "idempotency_request_in_progress",
                  "requestId": "4f1c2a7e-8d3b-4a51-9c0e-2b7d5e6f1a90"
                }
              }
            }
          }
        }
      },
      "WebhookConflict": {
        "description": "The endpoint is disabled (`webhook_endpoint_disabled`: enable it first), the environment\nhas its 16 endpoints already (`webhook_endpoint_limit`), or a request with the same\n`Idempotency-Key` is still being processed (`idempotency_request_in_progress`).\n",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "disabled": {
                "summary": "A disabled endpoint",
                "value": {
                  "type": "urn:course-service:problem:webhook_endpoint_disabled",
                  "title": "Webhook endpoint disabled",
                  "status": 409,
                  "detail": "Webhook endpoint 'we_4kT9pLm2QxR7vW3z' is disabled (endpoint_gone); enable it first.",
                  "instance": "/api/v1/webhook-endpoints/we_4kT9pLm2QxR7vW3z/test",
                  "code": "webhook_endpoint_disabled",
                  "requestId": "4f1c2a7e-8d3b-4a51-9c0e-2b7d5e6f1a90"
                }
              }
            }
          }
        }
      },
      "KeyNotRollable": {
        "description": "The key cannot be rolled: it was revoked (`key_already_revoked`), it has expired\n(`key_already_expired`), or it was rolled already (`key_already_rolled`, with the key that\nreplaced it in `rolledTo`); or a request with the same `Idempotency-Key` is still being\nprocessed (`idempotency_request_in_progress`).\n",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "rolled": {
                "summary": "Rolled already",
                "value": {
                  "type": "urn:course-service:problem:key_already_rolled",
                  "title": "Key already rolled",
                  "status": 409,
                  "detail": "The API key 'key_Hq3Zt8LmN2vXc5Wp' was rolled already, to 'key_Tm4Kx9PqR2sVw7Yz'; roll that key instead.",
                  "instance": "/api/v1/api-keys/key_Hq3Zt8LmN2vXc5Wp/roll",
                  "code": "key_already_rolled",
                  "requestId": "4f1c2a7e-8d3b-4a51-9c0e-2b7d5e6f1a90",
                  "rolledTo": "key_Tm4Kx9PqR2sVw7Yz"
                }
              },
              "revoked": {
                "summary": "Revoked",
                "value": {
                  "type": "urn:course-service:problem:key_already_revoked",
                  "title": "Key already revoked",
                  "status": 409,
                  "detail": "The API key 'key_Hq3Zt8LmN2vXc5Wp' was revoked at 2026-11-21T06:00:00.000Z; a revoked key cannot be rolled. Create a new key.",
                  "instance": "/api/v1/api-keys/key_Hq3Zt8LmN2vXc5Wp/roll",
                  "code": "key_already_revoked",
                  "requestId": "4f1c2a7e-8d3b-4a51-9c0e-2b7d5e6f1a90"
                }
              }
            }
          }
        }
      },
      "IdempotencyKeyReused": {
        "description": "The `Idempotency-Key` was already used with a different request (`idempotency_key_reused`).",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "reused": {
                "summary": "Same key, other body",
                "value": {
                  "type": "urn:course-service:problem:idempotency_key_reused",
                  "title": "Idempotency key reused",
                  "status": 422,
                  "detail": "This Idempotency-Key was used with a different request body; use a new key.",
                  "instance": "/api/v1/courses",
                  "code": "idempotency_key_reused",
                  "requestId": "4f1c2a7e-8d3b-4a51-9c0e-2b7d5e6f1a90"
                }
              }
            }
          }
        }
      },
      "PayloadTooLarge": {
        "description": "The body is larger than the server accepts (`payload_too_large`).",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "tooLarge": {
                "summary": "Body too large",
                "value": {
                  "type": "urn:course-service:problem:payload_too_large",
                  "title": "Payload too large",
                  "status": 413,
                  "detail": "The request body exceeds 65536 bytes.",
                  "instance": "/api/v1/courses",
                  "code": "payload_too_large",
                  "requestId": "4f1c2a7e-8d3b-4a51-9c0e-2b7d5e6f1a90"
                }
              }
            }
          }
        }
      },
      "UnsupportedMediaType": {
        "description": "The body is not `application/json` (`unsupported_media_type`).",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "notJson": {
                "summary": "Wrong content type",
                "value": {
                  "type": "urn:course-service:problem:unsupported_media_type",
                  "title": "Unsupported media type",
                  "status": 415,
                  "detail": "Send the body as 'Content-Type: application/json'.",
                  "instance": "/api/v1/courses",
                  "code": "unsupported_media_type",
                  "requestId": "4f1c2a7e-8d3b-4a51-9c0e-2b7d5e6f1a90"
                }
              }
            }
          }
        }
      },
      "TooManyRequests": {
        "description": "The rate limit is exceeded (`rate_limited`): per API key, per subject, or, for failed\nauthentication, per client address.\n",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          },
          "Retry-After": {
            "$ref": "#/components/headers/Retry-After"
          },
          "retry-after-ms": {
            "$ref": "#/components/headers/Retry-After-Ms"
          },
          "RateLimit-Policy": {
            "$ref": "#/components/headers/RateLimit-Policy"
          },
          "RateLimit": {
            "$ref": "#/components/headers/RateLimit"
          }
        },
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "limited": {
                "summary": "Quota used up",
                "value": {
                  "type": "urn:course-service:problem:rate_limited",
                  "title": "Too many requests",
                  "status": 429,
                  "detail": "Rate limit of 100 requests per 60 seconds exceeded; retry in 42 seconds.",
                  "instance": "/api/v1/courses",
                  "code": "rate_limited",
                  "requestId": "4f1c2a7e-8d3b-4a51-9c0e-2b7d5e6f1a90"
                }
              }
            }
          }
        }
      },
      "InternalError": {
        "description": "An unexpected failure (`internal_error`). The details are in the server's log under the request id.",
        "x-contract-untestable": "A correct server offers no honest way to make itself fail from outside.",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "internal": {
                "summary": "Unexpected failure",
                "value": {
                  "type": "urn:course-service:problem:internal_error",
                  "title": "Internal server error",
                  "status": 500,
                  "detail": "An unexpected error occurred; quote the request id when reporting it.",
                  "instance": "/api/v1/courses",
                  "code": "internal_error",
                  "requestId": "4f1c2a7e-8d3b-4a51-9c0e-2b7d5e6f1a90"
                }
              }
            }
          }
        }
      },
      "ServiceUnavailable": {
        "description": "A dependency the request needs does not answer (`service_unavailable`): the database is\nunreachable, refused the connection, reset it, or no connection came free in time. Nothing\nwas changed that the answer did not confirm; retry after `Retry-After` seconds, or\n`retry-after-ms` milliseconds (an `Idempotency-Key` makes a retried create safe).\n",
        "x-contract-untestable": "A healthy deployment's dependencies are up; the server's fault-injection test cuts them to see 503.",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          },
          "Retry-After": {
            "$ref": "#/components/headers/Retry-After"
          },
          "retry-after-ms": {
            "$ref": "#/components/headers/Retry-After-Ms"
          }
        },
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "databaseDown": {
                "summary": "The database does not answer",
                "value": {
                  "type": "urn:course-service:problem:service_unavailable",
                  "title": "Service unavailable",
                  "status": 503,
                  "detail": "The database does not answer at the moment; retry in 2 seconds.",
                  "instance": "/api/v1/courses",
                  "code": "service_unavailable",
                  "requestId": "4f1c2a7e-8d3b-4a51-9c0e-2b7d5e6f1a90"
                }
              }
            }
          }
        }
      }
    },
    "schemas": {
      "Timestamp": {
        "type": "string",
        "format": "date-time",
        "description": "An RFC 3339 timestamp in UTC.",
        "examples": [
          "2026-11-20T09:30:00Z"
        ]
      },
      "CourseId": {
        "type": "string",
        "pattern": "^crs_[0-9A-Za-z]{16}$",
        "examples": [
          "crs_7GfK2pQm9XwLz4Rt"
        ]
      },
      "ApiKeyId": {
        "type": "string",
        "pattern": "^key_[0-9A-Za-z]{16}$",
        "examples": [
          "key_Hq3Zt8LmN2vXc5Wp"
        ]
      },
      "CourseName": {
        "type": "string",
        "minLength": 1,
        "maxLength": 200,
        "pattern": "^[^\\S\\x00-\\x1F]*[^\\s\\x00-\\x1F][^\\x00-\\x1F]*$",
        "description": "At least one non-space character, at most 200 characters, no control characters\n(U+0000–U+001F).\n"
      },
      "CourseDescription": {
        "type": "string",
        "maxLength": 5000,
        "pattern": "^[^\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F]*$",
        "description": "At most 5000 characters. Tab, line feed and carriage return are the only control\ncharacters (U+0000–U+001F) allowed.\n"
      },
      "CourseStatus": {
        "type": "string",
        "enum": [
          "draft",
          "published",
          "archived"
        ],
        "description": "`draft → published → archived`; `draft → archived`; `archived → draft` (restore)."
      },
      "CourseTransition": {
        "type": "string",
        "enum": [
          "publish",
          "archive",
          "restore"
        ]
      },
      "Course": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "id",
          "name",
          "description",
          "status",
          "createdAt",
          "updatedAt",
          "publishedAt",
          "archivedAt",
          "environment"
        ],
        "properties": {
          "id": {
            "allOf": [
              {
                "$ref": "#/components/schemas/CourseId"
              }
            ],
            "readOnly": true
          },
          "name": {
            "$ref": "#/components/schemas/CourseName"
          },
          "description": {
            "$ref": "#/components/schemas/CourseDescription"
          },
          "status": {
            "allOf": [
              {
                "$ref": "#/components/schemas/CourseStatus"
              }
            ],
            "readOnly": true
          },
          "createdAt": {
            "allOf": [
              {
                "$ref": "#/components/schemas/Timestamp"
              }
            ],
            "readOnly": true
          },
          "updatedAt": {
            "allOf": [
              {
                "$ref": "#/components/schemas/Timestamp"
              }
            ],
            "readOnly": true
          },
          "publishedAt": {
            "description": "When the course was last published; null while never published.",
            "type": [
              "string",
              "null"
            ],
            "format": "date-time",
            "readOnly": true
          },
          "archivedAt": {
            "description": "When the course was archived; null unless archived.",
            "type": [
              "string",
              "null"
            ],
            "format": "date-time",
            "readOnly": true
          },
          "environment": {
            "description": "The environment the course lives in, that of the key that created it.",
            "allOf": [
              {
                "$ref": "#/components/schemas/KeyEnvironment"
              }
            ],
            "readOnly": true
          }
        }
      },
      "CourseCreate": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "name",
          "description"
        ],
        "properties": {
          "name": {
            "$ref": "#/components/schemas/CourseName"
          },
          "description": {
            "$ref": "#/components/schemas/CourseDescription"
          }
        }
      },
      "CourseUpdate": {
        "type": "object",
        "additionalProperties": false,
        "minProperties": 1,
        "properties": {
          "name": {
            "$ref": "#/components/schemas/CourseName"
          },
          "description": {
            "$ref": "#/components/schemas/CourseDescription"
          }
        }
      },
      "CourseList": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "data",
          "hasMore",
          "nextCursor"
        ],
        "properties": {
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Course"
            }
          },
          "hasMore": {
            "type": "boolean"
          },
          "nextCursor": {
            "description": "Pass as `cursor` for the next page; null on the last page.",
            "type": [
              "string",
              "null"
            ]
          }
        }
      },
      "KeyEnvironment": {
        "type": "string",
        "enum": [
          "prod",
          "test"
        ],
        "description": "`prod` keys act on production data; `test` keys on the account's sandbox, which production\nkeys never see.\n"
      },
      "Scope": {
        "type": "string",
        "enum": [
          "courses:read",
          "courses:write",
          "events:read",
          "webhooks:write"
        ],
        "description": "`courses:read` lists and reads courses; `courses:write` creates, changes, transitions and\ndeletes them; `events:read` reads the events feed; `webhooks:write` manages webhook\nendpoints and their deliveries.\n"
      },
      "ApiKeyStatus": {
        "type": "string",
        "enum": [
          "active",
          "expired",
          "revoked"
        ]
      },
      "ApiKeyFields": {
        "type": "object",
        "description": "The fields of a key record; see `ApiKey`.",
        "required": [
          "id",
          "name",
          "start",
          "environment",
          "scopes",
          "status",
          "createdAt",
          "lastUsedAt",
          "expiresAt",
          "revokedAt",
          "rolledFrom",
          "rolledTo"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/ApiKeyId"
          },
          "name": {
            "$ref": "#/components/schemas/ApiKeyName"
          },
          "start": {
            "type": "string",
            "description": "The key's first characters (prefix, environment and four more), to recognise it. Not secret.",
            "pattern": "^[a-z][a-z0-9]{1,9}_(prod|test)_[0-9A-Za-z]{4}$",
            "readOnly": true
          },
          "environment": {
            "description": "The environment the key acts on; also the second part of its value.",
            "allOf": [
              {
                "$ref": "#/components/schemas/KeyEnvironment"
              }
            ],
            "readOnly": true
          },
          "scopes": {
            "type": "array",
            "uniqueItems": true,
            "minItems": 1,
            "items": {
              "$ref": "#/components/schemas/Scope"
            }
          },
          "status": {
            "allOf": [
              {
                "$ref": "#/components/schemas/ApiKeyStatus"
              }
            ],
            "readOnly": true
          },
          "createdAt": {
            "allOf": [
              {
                "$ref": "#/components/schemas/Timestamp"
              }
            ],
            "readOnly": true
          },
          "lastUsedAt": {
            "description": "When the key last authenticated a request, to the minute (the first request of that\nminute), never before `createdAt`; null if never.\n",
            "type": [
              "string",
              "null"
            ],
            "format": "date-time",
            "readOnly": true
          },
          "expiresAt": {
            "description": "When the key stops working; null if it does not expire.",
            "type": [
              "string",
              "null"
            ],
            "format": "date-time"
          },
          "revokedAt": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time",
            "readOnly": true
          },
          "rolledFrom": {
            "description": "The key this one replaced when that key was rolled; null for a key created afresh.",
            "anyOf": [
              {
                "$ref": "#/components/schemas/ApiKeyId"
              },
              {
                "type": "null"
              }
            ],
            "readOnly": true
          },
          "rolledTo": {
            "description": "The key that replaced this one when it was rolled; null until then. A rolled key keeps\nworking until its `expiresAt` (the grace window), then expires.\n",
            "anyOf": [
              {
                "$ref": "#/components/schemas/ApiKeyId"
              },
              {
                "type": "null"
              }
            ],
            "readOnly": true
          }
        }
      },
      "ApiKey": {
        "description": "An API key record. Never holds the key value.",
        "type": "object",
        "allOf": [
          {
            "$ref": "#/components/schemas/ApiKeyFields"
          }
        ],
        "unevaluatedProperties": false
      },
      "ApiKeyName": {
        "type": "string",
        "minLength": 1,
        "maxLength": 100,
        "pattern": "^[^\\S\\x00-\\x1F]*[^\\s\\x00-\\x1F][^\\x00-\\x1F]*$",
        "description": "A descriptive label, e.g. where the key is used: at least one non-space character, no\ncontrol characters (U+0000–U+001F).\n"
      },
      "ApiKeyWithSecret": {
        "description": "An API key record with its value, as returned once at creation.",
        "allOf": [
          {
            "$ref": "#/components/schemas/ApiKeyFields"
          }
        ],
        "type": "object",
        "unevaluatedProperties": false,
        "required": [
          "key"
        ],
        "properties": {
          "key": {
            "type": "string",
            "description": "The key value. Shown only here, once.",
            "pattern": "^[a-z][a-z0-9]{1,9}_(prod|test)_[0-9A-Za-z]{32}$",
            "readOnly": true
          }
        }
      },
      "ApiKeyCreate": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "name"
        ],
        "properties": {
          "name": {
            "$ref": "#/components/schemas/ApiKeyName"
          },
          "environment": {
            "description": "The environment the key acts on.",
            "allOf": [
              {
                "$ref": "#/components/schemas/KeyEnvironment"
              }
            ],
            "default": "prod"
          },
          "scopes": {
            "description": "The scopes to grant; all of them when absent.",
            "type": "array",
            "uniqueItems": true,
            "minItems": 1,
            "items": {
              "$ref": "#/components/schemas/Scope"
            }
          },
          "expiresAt": {
            "description": "When the key stops working; in the future, at most 366 days ahead. Never when absent.",
            "type": "string",
            "format": "date-time"
          }
        }
      },
      "ApiKeyEvent": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "type",
          "at",
          "actor",
          "requestId",
          "relatedKeyId"
        ],
        "properties": {
          "type": {
            "type": "string",
            "enum": [
              "created",
              "rolled_from",
              "rolled_to",
              "revoked",
              "expired",
              "reported_leaked"
            ],
            "description": "`created`; `rolled_from` (this key was made by rolling `relatedKeyId`); `rolled_to`\n(this key was rolled, `relatedKeyId` replaced it); `revoked`; `expired`; `reported_leaked`\n(a secret scanner found it in public code).\n"
          },
          "at": {
            "$ref": "#/components/schemas/Timestamp"
          },
          "actor": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "type",
              "subject"
            ],
            "description": "Who did it.",
            "properties": {
              "type": {
                "type": "string",
                "enum": [
                  "user",
                  "master",
                  "service"
                ],
                "description": "`user`: an ID token's subject; `master`: the MCP master key; `service`: the service itself (an expiry)."
              },
              "subject": {
                "description": "The ID token's subject for `user`; null otherwise.",
                "type": [
                  "string",
                  "null"
                ]
              }
            }
          },
          "requestId": {
            "description": "The request that did it; null for what the service records itself.",
            "type": [
              "string",
              "null"
            ]
          },
          "relatedKeyId": {
            "description": "The other key of a roll; null for other events.",
            "anyOf": [
              {
                "$ref": "#/components/schemas/ApiKeyId"
              },
              {
                "type": "null"
              }
            ]
          }
        }
      },
      "ApiKeyEventList": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "data",
          "hasMore",
          "nextCursor"
        ],
        "properties": {
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/ApiKeyEvent"
            }
          },
          "hasMore": {
            "type": "boolean"
          },
          "nextCursor": {
            "type": [
              "string",
              "null"
            ]
          }
        }
      },
      "ApiKeyUsage": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "from",
          "to",
          "granularity",
          "data",
          "lastUsedFrom"
        ],
        "properties": {
          "from": {
            "$ref": "#/components/schemas/Timestamp"
          },
          "to": {
            "$ref": "#/components/schemas/Timestamp"
          },
          "granularity": {
            "type": "string",
            "enum": [
              "hour",
              "day"
            ]
          },
          "data": {
            "description": "One entry per hour or day with requests, oldest first.",
            "type": "array",
            "items": {
              "type": "object",
              "additionalProperties": false,
              "required": [
                "start",
                "success",
                "forbidden",
                "rateLimited",
                "clientError",
                "serverError"
              ],
              "properties": {
                "start": {
                  "$ref": "#/components/schemas/Timestamp"
                },
                "success": {
                  "type": "integer",
                  "minimum": 0
                },
                "forbidden": {
                  "type": "integer",
                  "minimum": 0
                },
                "rateLimited": {
                  "type": "integer",
                  "minimum": 0
                },
                "clientError": {
                  "type": "integer",
                  "minimum": 0
                },
                "serverError": {
                  "type": "integer",
                  "minimum": 0
                }
              }
            }
          },
          "lastUsedFrom": {
            "description": "The client of the latest request counted; null if none was.",
            "oneOf": [
              {
                "type": "null"
              },
              {
                "type": "object",
                "additionalProperties": false,
                "required": [
                  "at",
                  "address",
                  "userAgent"
                ],
                "properties": {
                  "at": {
                    "$ref": "#/components/schemas/Timestamp"
                  },
                  "address": {
                    "type": "string"
                  },
                  "userAgent": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "description": "The `User-Agent` header, cut to 200 characters; null when none was sent."
                  }
                }
              }
            ]
          }
        }
      },
      "LeakReport": {
        "type": "array",
        "minItems": 1,
        "maxItems": 1000,
        "items": {
          "type": "object",
          "required": [
            "token",
            "type"
          ],
          "properties": {
            "token": {
              "type": "string",
              "maxLength": 1000
            },
            "type": {
              "type": "string",
              "maxLength": 200
            },
            "url": {
              "type": "string",
              "maxLength": 2000
            },
            "source": {
              "type": "string",
              "maxLength": 200
            }
          }
        }
      },
      "LeakVerdicts": {
        "type": "array",
        "items": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "token_raw",
            "token_type",
            "label"
          ],
          "properties": {
            "token_raw": {
              "type": "string"
            },
            "token_type": {
              "type": "string"
            },
            "label": {
              "type": "string",
              "enum": [
                "true_positive",
                "false_positive"
              ]
            }
          }
        }
      },
      "ApiKeyRoll": {
        "type": "object",
        "additionalProperties": false,
        "properties": {
          "oldKeyExpiresIn": {
            "description": "Seconds from now until the old key stops working: `0` stops it at once (a leaked key),\nat most 30 days. Never later than the old key would have expired anyway.\n",
            "type": "integer",
            "minimum": 0,
            "maximum": 2592000,
            "default": 86400
          }
        }
      },
      "ApiKeyList": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "data",
          "hasMore",
          "nextCursor"
        ],
        "properties": {
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/ApiKey"
            }
          },
          "hasMore": {
            "type": "boolean"
          },
          "nextCursor": {
            "type": [
              "string",
              "null"
            ]
          }
        }
      },
      "EventId": {
        "type": "string",
        "pattern": "^evt_[0-9A-Za-z]{16}$",
        "examples": [
          "evt_2Nq8xT5mK9pR3vL7"
        ]
      },
      "WebhookEndpointId": {
        "type": "string",
        "pattern": "^we_[0-9A-Za-z]{16}$",
        "examples": [
          "we_4kT9pLm2QxR7vW3z"
        ]
      },
      "WebhookDeliveryId": {
        "type": "string",
        "pattern": "^dlv_[0-9A-Za-z]{16}$",
        "examples": [
          "dlv_8sQ2mN5xK7pL3vR9"
        ]
      },
      "EventType": {
        "type": "string",
        "enum": [
          "course.created",
          "course.updated",
          "course.published",
          "course.archived",
          "course.restored",
          "course.deleted",
          "api_key.created",
          "api_key.rolled",
          "api_key.revoked"
        ],
        "description": "What happened: a course was created, updated (name or description), published, archived,\nrestored or deleted; an API key was created, rolled (`data` is the new key, `rolledFrom`\nnames the old one) or revoked.\n"
      },
      "CourseEvent": {
        "description": "Something that happened to a course, with the course as it was after it.",
        "type": "object",
        "additionalProperties": false,
        "required": [
          "id",
          "type",
          "timestamp",
          "environment",
          "data"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/EventId"
          },
          "type": {
            "type": "string",
            "enum": [
              "course.created",
              "course.updated",
              "course.published",
              "course.archived",
              "course.restored",
              "course.deleted"
            ]
          },
          "timestamp": {
            "description": "When the change was made.",
            "allOf": [
              {
                "$ref": "#/components/schemas/Timestamp"
              }
            ]
          },
          "environment": {
            "$ref": "#/components/schemas/KeyEnvironment"
          },
          "data": {
            "description": "The course after the change; for `course.deleted`, as it was when deleted.",
            "allOf": [
              {
                "$ref": "#/components/schemas/Course"
              }
            ]
          }
        }
      },
      "ApiKeyChangeEvent": {
        "description": "Something that happened to an API key, with the key record (never its value) after it.",
        "type": "object",
        "additionalProperties": false,
        "required": [
          "id",
          "type",
          "timestamp",
          "environment",
          "data"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/EventId"
          },
          "type": {
            "type": "string",
            "enum": [
              "api_key.created",
              "api_key.rolled",
              "api_key.revoked"
            ]
          },
          "timestamp": {
            "description": "When the change was made.",
            "allOf": [
              {
                "$ref": "#/components/schemas/Timestamp"
              }
            ]
          },
          "environment": {
            "description": "The key's environment.",
            "allOf": [
              {
                "$ref": "#/components/schemas/KeyEnvironment"
              }
            ]
          },
          "data": {
            "description": "The key after the change; for `api_key.rolled`, the new key.",
            "allOf": [
              {
                "$ref": "#/components/schemas/ApiKey"
              }
            ]
          }
        }
      },
      "Event": {
        "description": "An event of the feed and of webhook deliveries; `type` tells which object `data` is.",
        "oneOf": [
          {
            "$ref": "#/components/schemas/CourseEvent"
          },
          {
            "$ref": "#/components/schemas/ApiKeyChangeEvent"
          }
        ]
      },
      "TestEvent": {
        "description": "The event `sendTestWebhookEvent` sends one endpoint; never in the feed.",
        "type": "object",
        "additionalProperties": false,
        "required": [
          "id",
          "type",
          "timestamp",
          "environment",
          "data"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/EventId"
          },
          "type": {
            "type": "string",
            "const": "webhook.test"
          },
          "timestamp": {
            "$ref": "#/components/schemas/Timestamp"
          },
          "environment": {
            "$ref": "#/components/schemas/KeyEnvironment"
          },
          "data": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "endpointId"
            ],
            "properties": {
              "endpointId": {
                "$ref": "#/components/schemas/WebhookEndpointId"
              }
            }
          }
        }
      },
      "EventList": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "data",
          "hasMore",
          "nextCursor"
        ],
        "properties": {
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Event"
            }
          },
          "hasMore": {
            "type": "boolean",
            "description": "Whether more events follow now; poll with `nextCursor` later when false."
          },
          "nextCursor": {
            "type": "string",
            "description": "Where this page ended. Never null; pass it as `cursor` for the events after it."
          }
        }
      },
      "WebhookEventTypes": {
        "type": "array",
        "minItems": 1,
        "maxItems": 20,
        "uniqueItems": true,
        "description": "The event types the endpoint receives; `[\"*\"]` for all of them, types added later included.",
        "items": {
          "anyOf": [
            {
              "$ref": "#/components/schemas/EventType"
            },
            {
              "type": "string",
              "const": "*"
            }
          ]
        }
      },
      "WebhookUrl": {
        "type": "string",
        "format": "uri",
        "maxLength": 2048,
        "pattern": "^[hH][tT][tT][pP][sS]?://",
        "description": "Where deliveries are posted. `https`, on a host that is or resolves to public addresses\nonly (checked when saved, if it resolves then, and again at every delivery); no user name\nor password; redirects are\nnot followed.\n",
        "examples": [
          "https://lms.example.com/hooks/courses"
        ]
      },
      "WebhookDescription": {
        "type": "string",
        "maxLength": 500,
        "pattern": "^[^\\x00-\\x1F]*$",
        "description": "A label for people, at most 500 characters, no control characters."
      },
      "WebhookDisabledReason": {
        "type": [
          "string",
          "null"
        ],
        "enum": [
          "manual",
          "endpoint_gone",
          "retries_exhausted",
          null
        ],
        "description": "Why the endpoint is disabled: `manual` (`enabled: false` was sent), `endpoint_gone` (it\nanswered `410 Gone`), `retries_exhausted` (every attempt failed for the whole retry\nschedule); null while enabled.\n"
      },
      "WebhookEndpointFields": {
        "type": "object",
        "description": "The fields of a webhook endpoint; see `WebhookEndpoint`.",
        "required": [
          "id",
          "url",
          "description",
          "eventTypes",
          "environment",
          "enabled",
          "disabledReason",
          "secretStart",
          "createdAt",
          "updatedAt"
        ],
        "properties": {
          "id": {
            "allOf": [
              {
                "$ref": "#/components/schemas/WebhookEndpointId"
              }
            ],
            "readOnly": true
          },
          "url": {
            "$ref": "#/components/schemas/WebhookUrl"
          },
          "description": {
            "$ref": "#/components/schemas/WebhookDescription"
          },
          "eventTypes": {
            "$ref": "#/components/schemas/WebhookEventTypes"
          },
          "environment": {
            "description": "The environment whose events it receives, that of the key that created it.",
            "allOf": [
              {
                "$ref": "#/components/schemas/KeyEnvironment"
              }
            ],
            "readOnly": true
          },
          "enabled": {
            "type": "boolean",
            "description": "Whether events are delivered to it."
          },
          "disabledReason": {
            "$ref": "#/components/schemas/WebhookDisabledReason"
          },
          "secretStart": {
            "type": "string",
            "description": "The signing secret's first characters, to recognise it. Not secret.",
            "pattern": "^whsec_[A-Za-z0-9+/]{4}$",
            "readOnly": true
          },
          "createdAt": {
            "allOf": [
              {
                "$ref": "#/components/schemas/Timestamp"
              }
            ],
            "readOnly": true
          },
          "updatedAt": {
            "allOf": [
              {
                "$ref": "#/components/schemas/Timestamp"
              }
            ],
            "readOnly": true
          }
        }
      },
      "WebhookEndpoint": {
        "description": "A webhook endpoint. Never holds its secret.",
        "type": "object",
        "allOf": [
          {
            "$ref": "#/components/schemas/WebhookEndpointFields"
          }
        ],
        "unevaluatedProperties": false
      },
      "WebhookEndpointWithSecret": {
        "description": "A webhook endpoint with its signing secret, as returned once at creation and at each rotation.",
        "type": "object",
        "allOf": [
          {
            "$ref": "#/components/schemas/WebhookEndpointFields"
          }
        ],
        "unevaluatedProperties": false,
        "required": [
          "secret"
        ],
        "properties": {
          "secret": {
            "type": "string",
            "description": "The signing secret (Standard Webhooks: `whsec_` and the base64 of the HMAC-SHA256\nkey). Shown only here, once.\n",
            "pattern": "^whsec_[A-Za-z0-9+/]{32}$",
            "readOnly": true
          }
        }
      },
      "WebhookEndpointCreate": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "url"
        ],
        "properties": {
          "url": {
            "$ref": "#/components/schemas/WebhookUrl"
          },
          "description": {
            "allOf": [
              {
                "$ref": "#/components/schemas/WebhookDescription"
              }
            ],
            "default": ""
          },
          "eventTypes": {
            "allOf": [
              {
                "$ref": "#/components/schemas/WebhookEventTypes"
              }
            ],
            "default": [
              "*"
            ]
          },
          "enabled": {
            "type": "boolean",
            "default": true
          }
        }
      },
      "WebhookEndpointUpdate": {
        "type": "object",
        "additionalProperties": false,
        "minProperties": 1,
        "properties": {
          "url": {
            "$ref": "#/components/schemas/WebhookUrl"
          },
          "description": {
            "$ref": "#/components/schemas/WebhookDescription"
          },
          "eventTypes": {
            "$ref": "#/components/schemas/WebhookEventTypes"
          },
          "enabled": {
            "type": "boolean"
          }
        }
      },
      "WebhookSecretRotation": {
        "type": "object",
        "additionalProperties": false,
        "properties": {
          "oldSecretExpiresIn": {
            "type": "integer",
            "minimum": 0,
            "maximum": 604800,
            "default": 86400,
            "description": "Seconds the old secret keeps signing beside the new one; 0 stops it at once."
          }
        }
      },
      "WebhookEndpointList": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "data",
          "hasMore",
          "nextCursor"
        ],
        "properties": {
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/WebhookEndpoint"
            }
          },
          "hasMore": {
            "type": "boolean"
          },
          "nextCursor": {
            "type": [
              "string",
              "null"
            ]
          }
        }
      },
      "WebhookDeliveryStatus": {
        "type": "string",
        "enum": [
          "pending",
          "succeeded",
          "failed"
        ],
        "description": "`pending`: not yet answered with a 2xx, attempts left; `succeeded`: answered 2xx; `failed`: no attempts left."
      },
      "WebhookDelivery": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "id",
          "endpointId",
          "eventId",
          "eventType",
          "status",
          "attempts",
          "createdAt",
          "lastAttemptAt",
          "responseStatus",
          "durationMs",
          "error",
          "nextAttemptAt"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/WebhookDeliveryId"
          },
          "endpointId": {
            "$ref": "#/components/schemas/WebhookEndpointId"
          },
          "eventId": {
            "description": "The event sent, and the `webhook-id` header of every attempt.",
            "allOf": [
              {
                "$ref": "#/components/schemas/EventId"
              }
            ]
          },
          "eventType": {
            "anyOf": [
              {
                "$ref": "#/components/schemas/EventType"
              },
              {
                "type": "string",
                "const": "webhook.test"
              }
            ]
          },
          "status": {
            "$ref": "#/components/schemas/WebhookDeliveryStatus"
          },
          "attempts": {
            "type": "integer",
            "minimum": 0,
            "description": "Attempts made so far."
          },
          "createdAt": {
            "$ref": "#/components/schemas/Timestamp"
          },
          "lastAttemptAt": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time"
          },
          "responseStatus": {
            "description": "The HTTP status of the last attempt's answer; null before one, or when none came.",
            "type": [
              "integer",
              "null"
            ],
            "minimum": 100,
            "maximum": 599
          },
          "durationMs": {
            "description": "How long the last attempt took, in milliseconds; null before one.",
            "type": [
              "integer",
              "null"
            ],
            "minimum": 0
          },
          "error": {
            "description": "Why the last attempt got no answer: `timeout`, `connection_failed`,\n`address_refused` (the URL now resolves to a refused address), `redirect` (a 3xx, never\nfollowed) or `response_too_large`; null otherwise.\n",
            "type": [
              "string",
              "null"
            ],
            "enum": [
              "timeout",
              "connection_failed",
              "address_refused",
              "redirect",
              "response_too_large",
              null
            ]
          },
          "nextAttemptAt": {
            "description": "When the next attempt is due; null once `succeeded` or `failed`.",
            "type": [
              "string",
              "null"
            ],
            "format": "date-time"
          }
        }
      },
      "WebhookDeliveryList": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "data",
          "hasMore",
          "nextCursor"
        ],
        "properties": {
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/WebhookDelivery"
            }
          },
          "hasMore": {
            "type": "boolean"
          },
          "nextCursor": {
            "type": [
              "string",
              "null"
            ]
          }
        }
      },
      "TestDataReset": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "environment",
          "deletedCourses"
        ],
        "properties": {
          "environment": {
            "type": "string",
            "const": "test"
          },
          "deletedCourses": {
            "description": "How many test courses were deleted.",
            "type": "integer",
            "minimum": 0
          }
        }
      },
      "Health": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "status",
          "version"
        ],
        "properties": {
          "status": {
            "type": "string",
            "enum": [
              "ok",
              "unavailable"
            ],
            "description": "`ok` when every dependency is up, `unavailable` otherwise."
          },
          "version": {
            "type": "string"
          },
          "checks": {
            "type": "object",
            "description": "One entry per dependency; `redis` only when a shared rate-limit store is configured.",
            "additionalProperties": false,
            "required": [
              "database"
            ],
            "properties": {
              "database": {
                "$ref": "#/components/schemas/DependencyHealth"
              },
              "redis": {
                "$ref": "#/components/schemas/DependencyHealth"
              }
            }
          }
        }
      },
      "DependencyHealth": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "status"
        ],
        "properties": {
          "status": {
            "type": "string",
            "enum": [
              "up",
              "down"
            ]
          },
          "detail": {
            "type": "string",
            "description": "Why it is down, without addresses or credentials."
          }
        }
      },
      "FieldError": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "location",
          "pointer",
          "detail"
        ],
        "properties": {
          "location": {
            "type": "string",
            "enum": [
              "body",
              "query",
              "path",
              "header"
            ]
          },
          "pointer": {
            "type": "string",
            "description": "A JSON Pointer to the field within its location (for query, path and header, `/<name>`)."
          },
          "detail": {
            "type": "string"
          }
        }
      },
      "Problem": {
        "type": "object",
        "description": "An RFC 9457 problem detail.",
        "required": [
          "type",
          "title",
          "status",
          "detail",
          "instance",
          "code",
          "requestId"
        ],
        "properties": {
          "type": {
            "type": "string",
            "format": "uri",
            "description": "A URI naming the problem type, `urn:course-service:problem:<code>`."
          },
          "title": {
            "type": "string"
          },
          "status": {
            "type": "integer",
            "minimum": 400,
            "maximum": 599
          },
          "detail": {
            "type": "string",
            "description": "What went wrong and what to do, for people."
          },
          "instance": {
            "type": "string",
            "description": "The request path."
          },
          "code": {
            "type": "string",
            "description": "A stable, machine-readable problem code.",
            "enum": [
              "validation_failed",
              "malformed_json",
              "malformed_request",
              "invalid_cursor",
              "authentication_required",
              "invalid_api_key",
              "api_key_revoked",
              "api_key_expired",
              "invalid_id_token",
              "wrong_credential_type",
              "insufficient_scope",
              "not_found",
              "method_not_allowed",
              "invalid_transition",
              "course_archived",
              "invalid_course_state",
              "key_already_revoked",
              "key_already_expired",
              "key_already_rolled",
              "webhook_endpoint_disabled",
              "webhook_endpoint_limit",
              "invalid_report_signature",
              "idempotency_request_in_progress",
              "idempotency_key_reused",
              "request_timeout",
              "payload_too_large",
              "unsupported_media_type",
              "headers_too_large",
              "request_refused",
              "rate_limited",
              "internal_error",
              "service_unavailable"
            ]
          },
          "requestId": {
            "type": "string"
          },
          "errors": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/FieldError"
            }
          },
          "missingScopes": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Scope"
            }
          },
          "currentStatus": {
            "$ref": "#/components/schemas/CourseStatus"
          },
          "rolledTo": {
            "description": "For `key_already_rolled`, the key that replaced the one asked for.",
            "allOf": [
              {
                "$ref": "#/components/schemas/ApiKeyId"
              }
            ]
          },
          "allowedTransitions": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/CourseTransition"
            }
          }
        }
      }
    }
  }
};

/** Every operationId of the spec. */
export type OperationId =
  | 'listCourses'
  | 'createCourse'
  | 'getCourse'
  | 'deleteCourse'
  | 'updateCourse'
  | 'publishCourse'
  | 'archiveCourse'
  | 'restoreCourse'
  | 'listApiKeys'
  | 'createApiKey'
  | 'revokeApiKey'
  | 'rollApiKey'
  | 'listApiKeyEvents'
  | 'getApiKeyUsage'
  | 'reportLeakedApiKeys'
  | 'listEvents'
  | 'getEvent'
  | 'listWebhookEndpoints'
  | 'createWebhookEndpoint'
  | 'getWebhookEndpoint'
  | 'deleteWebhookEndpoint'
  | 'updateWebhookEndpoint'
  | 'rotateWebhookEndpointSecret'
  | 'sendTestWebhookEvent'
  | 'listWebhookDeliveries'
  | 'redeliverWebhookDelivery'
  | 'resetTestData'
  | 'getOpenApiDocument'
  | 'getHealth'
  | 'mcp';
