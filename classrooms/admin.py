from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from .models import Classroom, Student, User


@admin.register(User)
class FactoriumUserAdmin(UserAdmin):
    list_display = ("username", "first_name", "last_name", "role", "is_staff", "is_active")
    list_filter = ("role", "is_staff", "is_active")
    fieldsets = (*UserAdmin.fieldsets, ("Factorium", {"fields": ("role",)}))


class StudentInline(admin.TabularInline):
    model = Student
    fields = ("name", "picture_secret", "word_secret")
    extra = 0
    show_change_link = True


@admin.register(Classroom)
class ClassroomAdmin(admin.ModelAdmin):
    list_display = ("name", "teacher", "join_code", "sign_in_method", "created_at")
    search_fields = ("name", "join_code", "teacher__username")
    list_select_related = ("teacher",)
    inlines = [StudentInline]


@admin.register(Student)
class StudentAdmin(admin.ModelAdmin):
    list_display = ("name", "classroom", "created_at")
    search_fields = ("name", "classroom__name", "classroom__join_code")
    list_select_related = ("classroom",)
    raw_id_fields = ("user", "classroom")

    def delete_model(self, request, obj: Student) -> None:
        """As the teacher's Remove: their data goes, classmates' games go on with a bot."""
        from . import services

        services.student_remove(student=obj)

    def delete_queryset(self, request, queryset) -> None:
        from . import services

        for student in queryset:
            services.student_remove(student=student)
