"""Tests of a Python client against `course-mock serve --overrides`, with the standard library only.

Start the mock, then run: COURSE_MOCK_URL=http://127.0.0.1:4010 python3 -m unittest -v
"""

import json
import os
import unittest
import urllib.error
import urllib.request

MOCK = os.environ.get("COURSE_MOCK_URL", "http://127.0.0.1:4010")
# The mock is on loopback: no proxy from the environment in between.
opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def call(method, path, body=None, headers=None):
    """Sends a request to the mock; returns (status, headers, parsed JSON body or None)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(MOCK + path, data=data, method=method, headers=headers or {})
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with opener.open(request) as response:
            status, answer_headers, raw = response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        status, answer_headers, raw = error.code, error.headers, error.read()
    return status, answer_headers, json.loads(raw) if raw else None


class CourseServiceMockTest(unittest.TestCase):
    def setUp(self):
        # Back to the seed: courses, keys, quotas, scenarios and the journal forgotten.
        call("POST", "/__mock/reset")
        # Credentials as the service gives them in development: an ID token, then an API key.
        _, _, token = call("POST", "/dev/token", {"sub": "alice"})
        auth = {"Authorization": "Bearer " + token["idToken"]}
        _, _, key = call("POST", "/api/v1/api-keys", {"name": "python"}, auth)
        self.auth = {"Authorization": "Bearer " + key["key"]}

    def test_a_created_course_is_listed(self):
        status, headers, course = call(
            "POST", "/api/v1/courses", {"name": "Algebra", "description": ""}, self.auth
        )
        self.assertEqual(status, 201)
        self.assertEqual(headers["Location"], "/api/v1/courses/" + course["id"])
        status, _, page = call("GET", "/api/v1/courses?status=draft", headers=self.auth)
        self.assertEqual(status, 200)
        self.assertEqual([c["name"] for c in page["data"]], ["Algebra"])

    def test_a_forced_error_is_the_service_problem(self):
        outage = {**self.auth, "Prefer": "code=503"}
        status, headers, problem = call("GET", "/api/v1/courses", headers=outage)
        self.assertEqual(status, 503)
        self.assertEqual(headers["Content-Type"], "application/problem+json")
        self.assertEqual(headers["Retry-After"], "1")
        self.assertEqual(problem["code"], "service_unavailable")

    def test_a_scenario_answers_the_next_call(self):
        scenario = {"operationId": "createCourse", "scenario": "rateLimited", "times": 1}
        self.assertEqual(call("POST", "/__mock/scenarios", scenario)[0], 204)
        draft = {"name": "Biology", "description": ""}
        self.assertEqual(call("POST", "/api/v1/courses", draft, self.auth)[0], 429)
        self.assertEqual(call("POST", "/api/v1/courses", draft, self.auth)[0], 201)

    def test_the_journal_shows_what_the_client_sent(self):
        call("POST", "/api/v1/courses", {"name": "Chemistry", "description": ""}, self.auth)
        _, _, creates = call("GET", "/__mock/requests?operationId=createCourse")
        self.assertEqual(len(creates), 1)
        self.assertEqual(creates[0]["body"], {"name": "Chemistry", "description": ""})
        self.assertEqual(creates[0]["status"], 201)
        # Credentials are never recorded.
        self.assertEqual(creates[0]["headers"]["authorization"], "Bearer [redacted]")


if __name__ == "__main__":
    unittest.main()
