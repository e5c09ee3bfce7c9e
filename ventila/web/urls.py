app_name = "web"
urlpatterns: list = []
