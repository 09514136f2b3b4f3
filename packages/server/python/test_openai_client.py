"""The official `openai` Python package against `toolbridge serve`.

packages/server/src/python-client.test.ts starts the servers on 127.0.0.1 (the project's scripted
upstream, an upstream that is down, one that sends garbage, one that streams forever, and a
toolbridge server in front of each), then runs this file with their URLs in
TOOLBRIDGE_TEST_SERVERS. Standard library only, besides `openai`.

The scripted upstream picks its reply from the tag that opens the first user message, such as
`[cut-off]`; see `pythonScenario` in python-client.test.ts.
"""

import json
import os
import sys
import time
import unittest
import urllib.request

import openai
from openai import OpenAI

MODEL = "qwen2.5:7b"
TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "get_weather",
            "description": "The current weather in a city.",
            "parameters": {
                "type": "object",
                "properties": {"city": {"type": "string"}},
                "required": ["city"],
            },
        },
    }
]
CUT_OFF = '<tool_call>{"name": "get_weather", "arguments": {"city": "Os'

SERVERS = json.loads(os.environ.get("TOOLBRIDGE_TEST_SERVERS", "null"))


def setUpModule():
    if SERVERS is None:
        raise unittest.SkipTest(
            "TOOLBRIDGE_TEST_SERVERS is not set: run these through python-client.test.ts"
        )


def client(name="scripted"):
    return OpenAI(base_url=SERVERS[name], api_key="unused", max_retries=0, timeout=20)


def ask(scenario):
    return [{"role": "user", "content": f"[{scenario}] What is the weather in Oslo?"}]


def collect(stream):
    """Joins a stream's chunks: content, calls by index, the finish reason, the chunks."""
    chunks = list(stream)
    content = ""
    calls = {}
    finish = None
    for chunk in chunks:
        if not chunk.choices:
            continue
        choice = chunk.choices[0]
        content += choice.delta.content or ""
        for delta in choice.delta.tool_calls or []:
            entry = calls.setdefault(delta.index, {"id": None, "name": None, "arguments": "", "deltas": 0})
            if delta.id:
                entry["id"] = delta.id
            if delta.function and delta.function.name:
                entry["name"] = delta.function.name
            if delta.function and delta.function.arguments:
                entry["arguments"] += delta.function.arguments
                entry["deltas"] += 1
        finish = choice.finish_reason or finish
    return {
        "chunks": chunks,
        "content": content,
        "calls": [calls[index] for index in sorted(calls)],
        "finish": finish,
    }


def toolbridge_field(obj):
    """The `toolbridge` extension field, kept by the package's models as an extra field."""
    return (obj.model_extra or {}).get("toolbridge")


class ToolCalls(unittest.TestCase):
    def test_completion_answers_a_call_as_tool_calls(self):
        completion = client().chat.completions.create(model=MODEL, messages=ask("call"), tools=TOOLS)
        choice = completion.choices[0]
        self.assertEqual(choice.finish_reason, "tool_calls")
        self.assertEqual(choice.message.content, "Checking.")
        self.assertEqual(len(choice.message.tool_calls), 1)
        call = choice.message.tool_calls[0]
        self.assertTrue(call.id)
        self.assertEqual(call.type, "function")
        self.assertEqual(call.function.name, "get_weather")
        self.assertEqual(json.loads(call.function.arguments), {"city": "Oslo"})
        self.assertEqual(completion.usage.prompt_tokens, 120)
        self.assertEqual(
            completion.usage.total_tokens,
            completion.usage.prompt_tokens + completion.usage.completion_tokens,
        )
        self.assertIsNone(toolbridge_field(completion))

    def test_stream_grows_the_arguments_then_ends(self):
        result = collect(
            client().chat.completions.create(
                model=MODEL,
                messages=ask("call"),
                tools=TOOLS,
                stream=True,
                stream_options={"include_usage": True},
            )
        )
        self.assertEqual(result["content"], "Checking.")
        self.assertEqual(len(result["calls"]), 1)
        call = result["calls"][0]
        self.assertEqual(call["name"], "get_weather")
        self.assertTrue(call["id"])
        self.assertEqual(json.loads(call["arguments"]), {"city": "Oslo"})
        self.assertGreater(call["deltas"], 1)
        self.assertEqual(result["finish"], "tool_calls")
        self.assertEqual(result["chunks"][-1].usage.prompt_tokens, 120)
        self.assertTrue(all(chunk.object == "chat.completion.chunk" for chunk in result["chunks"]))

    def test_multi_step_tool_loop(self):
        messages = ask("loop")
        first = client().chat.completions.create(model=MODEL, messages=messages, tools=TOOLS)
        assistant = first.choices[0].message
        call = assistant.tool_calls[0]
        self.assertEqual(json.loads(call.function.arguments), {"city": "Oslo"})
        messages = messages + [
            assistant.model_dump(exclude_none=True),
            {
                "role": "tool",
                "tool_call_id": call.id,
                "content": json.dumps({"city": "Oslo", "celsius": 21}),
            },
        ]
        second = collect(
            client().chat.completions.create(model=MODEL, messages=messages, tools=TOOLS, stream=True)
        )
        self.assertEqual(second["content"], "It is 21 °C in Oslo.")
        self.assertEqual(second["calls"], [])
        self.assertEqual(second["finish"], "stop")

    def test_parallel_calls(self):
        both = client().chat.completions.create(model=MODEL, messages=ask("parallel"), tools=TOOLS)
        calls = both.choices[0].message.tool_calls
        self.assertEqual([json.loads(call.function.arguments)["city"] for call in calls], ["Oslo", "Rome"])
        self.assertEqual(len({call.id for call in calls}), 2)
        streamed = collect(
            client().chat.completions.create(model=MODEL, messages=ask("parallel"), tools=TOOLS, stream=True)
        )
        self.assertEqual([json.loads(call["arguments"])["city"] for call in streamed["calls"]], ["Oslo", "Rome"])
        self.assertEqual(len({call["id"] for call in streamed["calls"]}), 2)

        single = client().chat.completions.create(
            model=MODEL, messages=ask("parallel"), tools=TOOLS, parallel_tool_calls=False
        )
        self.assertEqual(len(single.choices[0].message.tool_calls), 1)
        reports = toolbridge_field(single)["reports"]
        self.assertEqual(reports[0]["reason"], "parallel-tool-calls-off")
        self.assertEqual(reports[0]["tool_name"], "get_weather")
        single_stream = collect(
            client().chat.completions.create(
                model=MODEL, messages=ask("parallel"), tools=TOOLS, parallel_tool_calls=False, stream=True
            )
        )
        self.assertEqual(len(single_stream["calls"]), 1)

    def test_tool_choice_required_asks_again(self):
        # The scripted model answers in prose first, and calls only when asked again.
        completion = client().chat.completions.create(
            model=MODEL, messages=ask("required"), tools=TOOLS, tool_choice="required"
        )
        self.assertEqual([call.function.name for call in completion.choices[0].message.tool_calls], ["get_weather"])
        self.assertEqual(completion.choices[0].finish_reason, "tool_calls")
        streamed = collect(
            client().chat.completions.create(
                model=MODEL, messages=ask("required"), tools=TOOLS, tool_choice="required", stream=True
            )
        )
        self.assertEqual([call["name"] for call in streamed["calls"]], ["get_weather"])
        self.assertEqual(streamed["finish"], "tool_calls")

    def test_cut_off_call_stays_text_and_is_reported(self):
        completion = client().chat.completions.create(model=MODEL, messages=ask("cut-off"), tools=TOOLS)
        message = completion.choices[0].message
        self.assertIsNone(message.tool_calls)
        self.assertEqual(message.content, f"Let me check.{CUT_OFF}")
        self.assertEqual(completion.choices[0].finish_reason, "stop")
        report = toolbridge_field(completion)["reports"][0]
        self.assertEqual(report["reason"], "call-cut-off")
        self.assertEqual(report["tool_name"], "get_weather")

        streamed = collect(
            client().chat.completions.create(model=MODEL, messages=ask("cut-off"), tools=TOOLS, stream=True)
        )
        self.assertEqual(streamed["content"], f"Let me check.{CUT_OFF}")
        self.assertEqual(streamed["finish"], "stop")
        # Streamed as it was read, the call's arguments never become valid JSON: it cannot run.
        for call in streamed["calls"]:
            with self.assertRaises(ValueError):
                json.loads(call["arguments"])
        last = next(chunk for chunk in streamed["chunks"] if chunk.choices and chunk.choices[0].finish_reason)
        self.assertEqual(toolbridge_field(last)["reports"][0]["reason"], "call-cut-off")


class UpstreamFailures(unittest.TestCase):
    def test_upstream_down_is_502(self):
        for stream in (False, True):
            for tools in (TOOLS, None):
                with self.subTest(stream=stream, tools=tools is not None):
                    extra = {"tools": tools} if tools else {}
                    with self.assertRaises(openai.APIStatusError) as caught:
                        client("down").chat.completions.create(
                            model=MODEL, messages=ask("call"), stream=stream, **extra
                        )
                    self.assertEqual(caught.exception.status_code, 502)
                    self.assertEqual(caught.exception.code, "upstream_unreachable")

    def test_upstream_404_is_passed_on(self):
        for tools in (TOOLS, None):
            with self.subTest(tools=tools is not None):
                extra = {"tools": tools} if tools else {}
                with self.assertRaises(openai.NotFoundError) as caught:
                    client().chat.completions.create(model="no-such-model", messages=ask("call"), **extra)
                self.assertIn("The model 'no-such-model' does not exist", caught.exception.message)
                self.assertEqual(caught.exception.code, "model_not_found")

    def test_upstream_garbage_is_502(self):
        with self.assertRaises(openai.APIStatusError) as caught:
            client("garbage").chat.completions.create(model=MODEL, messages=ask("call"), tools=TOOLS)
        self.assertEqual(caught.exception.status_code, 502)
        self.assertEqual(caught.exception.code, "upstream_invalid_response")

    def test_upstream_streaming_garbage_ends_the_stream_with_an_error(self):
        stream = client().chat.completions.create(
            model=MODEL, messages=ask("garbage-stream"), tools=TOOLS, stream=True
        )
        with self.assertRaises(openai.APIError):
            collect(stream)


class Disconnect(unittest.TestCase):
    def test_client_disconnect_cancels_the_upstream_request(self):
        status_url = SERVERS["endless_status"]

        def closed():
            with urllib.request.urlopen(status_url, timeout=5) as response:
                return json.load(response)["closed"]

        before = closed()
        stream = client("endless").chat.completions.create(
            model=MODEL, messages=ask("call"), tools=TOOLS, stream=True
        )
        received = 0
        for _chunk in stream:
            received += 1
            if received == 3:
                break
        stream.close()
        self.assertEqual(received, 3)
        deadline = time.monotonic() + 5
        while closed() == before and time.monotonic() < deadline:
            time.sleep(0.05)
        self.assertEqual(closed(), before + 1, "the upstream request was not cancelled")


class JsonResult(unittest.TextTestResult):
    """A text result that also notes each test's outcome, for the vitest test to read."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.outcomes = {}

    def _note(self, test, outcome, detail=""):
        self.outcomes[test.id().rsplit(".", 1)[-1]] = {"outcome": outcome, "detail": detail}

    def addSuccess(self, test):
        super().addSuccess(test)
        self._note(test, "passed")

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._note(test, "failed", self._exc_info_to_string(err, test))

    def addError(self, test, err):
        super().addError(test, err)
        self._note(test, "failed", self._exc_info_to_string(err, test))

    def addSubTest(self, test, subtest, err):
        super().addSubTest(test, subtest, err)
        if err is not None:
            self._note(test, "failed", f"{subtest}: {self._exc_info_to_string(err, test)}")

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self._note(test, "skipped", reason)


if __name__ == "__main__":
    # `python test_openai_client.py <results.json>`: runs every test, writes their outcomes.
    suite = unittest.defaultTestLoader.loadTestsFromModule(sys.modules[__name__])
    runner = unittest.TextTestRunner(verbosity=2, resultclass=JsonResult)
    result = runner.run(suite)
    if len(sys.argv) > 1:
        with open(sys.argv[1], "w", encoding="utf-8") as out:
            json.dump(result.outcomes, out)
    sys.exit(0 if result.wasSuccessful() else 1)
