"""The Celery application; tasks live in each app's tasks.py.

The broker connection class here keeps a worker alive through a Redis restart (issue 13):
see `BrokerConnection`.
"""

import os

from celery import Celery
from celery.app.amqp import AMQP
from kombu import Connection

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


class BrokerConnection(Connection):
    """kombu's Connection, except that closing it leaves its transport able to reach Redis.

    Why: when Redis goes away, the worker (celery 5.7.0, consumer.py
    `on_connection_error_after_connected`) first calls `collect()`, which closes the channels
    and then cuts the transport loose (`transport.client = None`, kombu connection.py
    `_do_close_transport`), and then calls `close()`. A channel that was blocked in BRPOP fails
    to close the first time (its socket is dead) and stays open; the second close tries to put
    the worker's unacknowledged messages back (ETA/countdown tasks, acks_late tasks) and needs
    the connection's address, which is gone: `AttributeError: 'NoneType' object has no
    attribute 'hostname'` in kombu's redis `Channel._connparams`. celery only ignores
    connection errors there, so the worker dies ("Unrecoverable error").

    Keeping the transport's link to this connection (its address and options; the connection
    itself stays closed) turns that into what it should be: with Redis still down, a
    connection error that celery ignores; with Redis back, the messages are put back or acked.
    """

    def _do_close_transport(self) -> None:
        # kombu sets transport.client = None here only to break a reference cycle, which the
        # garbage collector breaks anyway.
        self._transport = None


class BrokerAMQP(AMQP):
    """Celery's AMQP helpers with our broker connection class."""

    Connection = BrokerConnection


app = Celery("factorium", amqp=BrokerAMQP)
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
