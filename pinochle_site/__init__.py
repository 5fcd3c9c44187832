"""The class's Voila site, on the server's side: a Jupyter server extension that keeps
one learner (or one client) from exhausting the server, named in ``voila.json``.

* :mod:`~pinochle_site.kernels`: :class:`~pinochle_site.kernels.ClassroomKernelManager`
  (``VoilaConfiguration.multi_kernel_manager_class``), the caps on kernels per learner,
  for guests and for the site, the page rate, the culls;
* :mod:`~pinochle_site.websocket`:
  :class:`~pinochle_site.websocket.ClassroomWebsocketConnection`
  (``Voila.kernel_websocket_connection_class``), the rate-limited link between a page
  and its kernel;
* :mod:`~pinochle_site.identity`:
  :class:`~pinochle_site.identity.ClassroomIdentityProvider`
  (``Voila.identity_provider_class``), the signed learner keys, the page builds
  let through at once, and every request on a kernel checked against its owner;
* :mod:`~pinochle_site.templates`: :class:`~pinochle_site.templates.ShareCompiledTemplates`
  (``VoilaExporter.preprocessors``), the page templates compiled once;
* :mod:`~pinochle_site.niceness`: the lower CPU priority of a busy learner's kernels;
* :mod:`~pinochle_site.pages`: what a refused or delayed learner reads;
* :mod:`~pinochle_site.environment`: a request's environment, as a kernel gets it, and
  the guest token that tells one guest's browser from another's.

It runs in the Jupyter server's process, never in a page's kernel: it imports the
classroom (:mod:`pinochle_tutor.classroom`: who is learning, the class database) and
the core, never the widgets (``pinochle_widgets``), and the lessons never import it
(the static site, with no server, has none of it).
"""
